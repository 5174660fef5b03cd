/** How trek shows a fault: one line saying what it does, and its table columns. */
import type { Fault } from '../../../domain/faults.js';
import type { Column } from '../../../output/render.js';
import { sanitize } from '../../../output/sanitize.js';
import { RESOURCE_FIELDS } from '../../../domain/contract-fields.js';

/** The members of a fault as the sandbox answers them (--fields of `faults add` are checked against these). */
export const FAULT_FIELDS = RESOURCE_FIELDS.Fault;

export const FAULT_COLUMNS: Column[] = [
  { field: 'id' },
  { field: 'status' },
  { field: 'method' },
  { field: 'path', maxWidth: 40 },
  { field: 'remaining' },
  { field: 'rate' },
  { field: 'retry_after', header: 'RETRY AFTER' },
  { field: 'delay_ms', header: 'DELAY MS' },
  { field: 'drop' },
];

/** "503 to GET /departures*, the next 2 requests, Retry-After 1 s" (server text made terminal-safe). */
export function describeFault(fault: Fault): string {
  const answer = fault.drop ? 'a dropped connection' : fault.status !== null ? `${fault.status}` : 'a slow answer';
  const delay = fault.delay_ms !== null && (fault.drop || fault.status !== null) ? ` after ${fault.delay_ms} ms` : fault.delay_ms !== null ? ` (${fault.delay_ms} ms)` : '';
  const requests = fault.method === null ? `${fault.path} (any method)` : `${fault.method} ${fault.path}`;
  const when =
    fault.remaining === 1
      ? 'the next request'
      : fault.remaining !== null
        ? `the next ${fault.remaining} requests`
        : fault.rate !== null
          ? `${Math.round(fault.rate * 1000) / 10}% of requests`
          : 'every request';
  const retry = fault.retry_after !== null ? `, Retry-After ${fault.retry_after} s` : '';
  return sanitize(`${answer}${delay} to ${requests}, ${when}${retry}`);
}
