/** How checkins look: `checkin get` rows and requirement table, `checkin list` matrix, readiness lines. */
import { incompleteRequirements, readinessPagePath, type Checkin, type CheckinRequirement } from '../../api/resources/checkins.js';
import { type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import type { Theme } from '../../output/theme.js';
import { reference } from '../booking/view.js';
import { customerLabel } from '../customer/view.js';
import { statusColumn } from '../service/columns.js';

const codes = (items: unknown): string => (Array.isArray(items) ? items.map((item: { code?: unknown }) => displayValue(item?.code)).join(', ') : '');

function requirementStatus(requirement: Pick<CheckinRequirement, 'INCOMPLETE'>): 'COMPLETE' | 'INCOMPLETE' {
  return Array.isArray(requirement.INCOMPLETE) && requirement.INCOMPLETE.length > 0 ? 'INCOMPLETE' : 'COMPLETE';
}

/** Colours the leading status word of "INCOMPLETE: NATIONALITY" and leaves the rest. */
export function leadingStatus(text: string, _value: unknown, theme: Theme): string {
  const word = /^[A-Z_]+/.exec(text)?.[0];
  return word ? theme.status(word) + text.slice(word.length) : text;
}

export const CHECKIN_ROWS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'customer', header: 'CUSTOMER', format: customerLabel },
  { field: 'booking', header: 'BOOKING', format: reference },
  statusColumn,
  { field: 'expires', header: 'EXPIRES' },
  { field: 'id', header: 'READINESS PAGE', format: (id) => readinessPagePath(displayValue(id)) },
];

export const REQUIREMENT_COLUMNS: Column[] = [
  { field: 'code', header: 'REQUIREMENT' },
  { field: 'name', header: 'NAME' },
  { field: 'INCOMPLETE', header: 'STATUS', format: (_value, record) => requirementStatus(record as CheckinRequirement), style: (text, _value, theme) => theme.status(text) },
  { field: 'INCOMPLETE', header: 'INCOMPLETE', format: codes },
  { field: 'COMPLETE', header: 'COMPLETE', format: codes },
];

/** csv/tsv print raw values, so their columns are the scalar ones. */
export const CHECKIN_DELIMITED_COLUMNS: Column[] = [
  { field: 'id' },
  { field: 'booking.id' },
  { field: 'customer.id' },
  { field: 'customer.name.legal_first_name' },
  { field: 'customer.name.legal_last_name' },
  { field: 'status' },
  { field: 'expires' },
];

/** What a requirement cell of `checkin list` says for one customer. */
function requirementCell(checkin: Checkin, code: string, waived: ReadonlyMap<string, string>): string {
  const requirement = (Array.isArray(checkin.requirements) ? checkin.requirements : []).find((r) => r?.code === code);
  if (requirement) return requirementStatus(requirement) === 'COMPLETE' ? 'COMPLETE' : `INCOMPLETE: ${codes(requirement.INCOMPLETE)}`;
  const reason = waived.get(`${displayValue(checkin.customer?.id)} ${code}`);
  return reason === undefined ? '' : `waived: ${reason}`;
}

/**
 * The `checkin list` table: customer, status, one column per requirement, the readiness page.
 * `waived` maps "<customer id> <requirement code>" to the override's reason code, for
 * requirements an override took out of the checkin.
 */
export function checkinMatrixColumns(checkins: Checkin[], waived: ReadonlyMap<string, string>): Column[] {
  const requirementCodes = new Set<string>();
  const listOf = (checkin: Checkin) => (Array.isArray(checkin.requirements) ? checkin.requirements : []);
  // The API's order, taken from the customer with the most requirements first.
  const fullestFirst = [...checkins].sort((a, b) => listOf(b).length - listOf(a).length);
  for (const checkin of fullestFirst) for (const r of listOf(checkin)) requirementCodes.add(displayValue(r?.code));
  for (const key of waived.keys()) requirementCodes.add(key.slice(key.indexOf(' ') + 1));
  return [
    { field: 'customer', header: 'CUSTOMER', format: customerLabel, maxWidth: 40, wrap: true },
    statusColumn,
    ...[...requirementCodes].map((code): Column => ({
      field: 'requirements',
      header: code,
      format: (_value, record) => requirementCell(record as Checkin, code, waived),
      style: leadingStatus,
      wrap: true,
    })),
  ];
}

/**
 * Lines of words no wider than `width` (unless one word is): a command line broken with ` \`
 * and the next line indented, so it can still be pasted into a shell.
 */
export function wrapCommand(words: readonly string[], width: number, indent = '  '): string {
  const lines: string[] = [];
  let line = indent;
  for (const word of words) {
    const joined = line === indent ? `${line}${word}` : `${line} ${word}`;
    // Room is kept for the space and backslash that end a broken line.
    if (line !== indent && joined.length + 2 > width) {
      lines.push(`${line} \\`);
      line = `${indent}    ${word}`;
    } else line = joined;
  }
  return [...lines, line].join('\n');
}

/** "INCOMPLETE — PASSPORT_INFORMATION: PASSPORT_NUMBER, NATIONALITY" or "COMPLETE", terminal-safe. */
export function readinessLine(checkin: Pick<Checkin, 'status' | 'requirements'>): string {
  const open = incompleteRequirements(checkin).map((r) => `${displayValue(r.code)}: ${codes(r.INCOMPLETE)}`);
  return sanitize([displayValue(checkin.status), open.join('; ')].filter(Boolean).join(' — '));
}
