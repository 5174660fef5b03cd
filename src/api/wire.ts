/**
 * What may go on the wire and what trek accepts off it, shared by the client and by the
 * resolution of profiles (which checks a key before any request). Kept free of undici and
 * node:http so that resolving a profile loads nothing heavy.
 */

/** A response body larger than this is refused unless TREK_MAX_BODY allows more. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** "64 MiB", "512 KiB" or "1000 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** Characters undici accepts in a header value (it throws on any other): no controls but tab, nothing beyond Latin-1. */
const INVALID_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

export function isValidHeaderValue(value: string): boolean {
  return !INVALID_HEADER_VALUE.test(value);
}

/** An HTTP header name (RFC 9110 token). */
export function isValidHeaderName(name: string): boolean {
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name);
}
