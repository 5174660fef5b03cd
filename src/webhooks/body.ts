import type { Readable } from 'node:stream';

/** The largest webhook body trek reads (listen, verify); a sender batches events well under it. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

/**
 * A stream's bytes as sent, or undefined once they pass `limit`: reading stops there and the
 * stream is paused, not destroyed, so a request can still be answered.
 */
export function readBounded(stream: Readable, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer | string) => {
      const bytes = Buffer.from(chunk);
      size += bytes.length;
      if (size > limit) {
        stream.removeAllListeners('data');
        stream.pause();
        resolve(undefined);
        return;
      }
      chunks.push(bytes);
    });
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}
