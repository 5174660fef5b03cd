/**
 * What to say when a write's outcome is unknown (api/errors.ts outcomeUnknown): the record may
 * or may not exist, and the trek command that shows whether it does, to run before sending it again.
 */
import type { ApiError } from '../api/errors.js';

/** Ids put into a command line to paste: plain ones only (typed text never reaches a shell unchecked). */
const PLAIN = /^[A-Za-z0-9_.-]+$/;

/** The value of `flag` on the command line (`--booking 200001`, `--booking=200001`), when plain. */
function flagValue(argv: readonly string[], flag: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    const value = word === flag ? argv[i + 1] : word.startsWith(`${flag}=`) ? word.slice(flag.length + 1) : undefined;
    if (value !== undefined) return PLAIN.test(value) ? value : undefined;
  }
  return undefined;
}

/** What the POST would have made, and the command that lists where it would be. */
function whatAndWhere(path: string, argv: readonly string[]): { what: string; check: string } {
  const booking = flagValue(argv, '--booking') ?? /^\/bookings\/([^/]+)\//.exec(path)?.[1] ?? 'BOOKING';
  const external = flagValue(argv, '--external-id');
  switch (path.replace(/^\/+|\/+$/g, '')) {
    case 'bookings':
      return { what: 'the booking', check: external ? `trek booking list --where external_id=${external}` : 'trek booking list' };
    case 'customers':
      return { what: 'the customer', check: 'trek customer list' };
    case 'departure_services':
    case 'activity_services':
    case 'flex_plan_services':
      return { what: 'the service', check: `trek booking services ${booking}` };
    case 'overrides':
      return { what: 'the override', check: `trek override list --booking ${booking}` };
    default:
      return { what: 'the change', check: /^\/bookings\/[^/]+\//.test(path) || booking !== 'BOOKING' ? `trek booking get ${booking}` : 'a read of the record' };
  }
}

/** "The API may or may not have made the booking … Check before sending it again: trek booking list". */
export function unknownOutcomeHint(error: ApiError, argv: readonly string[]): string {
  let path = '';
  try {
    path = new URL(error.url).pathname;
  } catch {
    // No URL: the generic advice stands.
  }
  const { what, check } = whatAndWhere(path, argv);
  return `The answer to this POST was lost: ${what} may or may not have been made. Check before sending it again (a second one could make it twice): ${check}`;
}
