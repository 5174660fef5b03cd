/** How overrides look: `override get` rows, `override list` columns, the one-line summary. */
import type { Override } from '../../api/resources/overrides.js';
import { type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { reference, referenceList } from '../booking/view.js';
import { customerLabel } from '../customer/view.js';

function reason(value: unknown): string {
  const r = value as Override['reason'] | null;
  if (!r) return '';
  return r.label ? `${displayValue(r.code)} — ${displayValue(r.label)}` : displayValue(r.code);
}

function requirement(value: unknown): string {
  const r = value as Override['requirement'] | null;
  if (!r) return '';
  return r.name ? `${displayValue(r.code)} (${displayValue(r.name)})` : displayValue(r.code);
}

export const OVERRIDE_ROWS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'requirement', header: 'REQUIREMENT', format: requirement },
  { field: 'reason', header: 'REASON', format: reason },
  { field: 'customer', header: 'CUSTOMER', format: customerLabel },
  { field: 'booking', header: 'BOOKING', format: reference },
  { field: 'services', header: 'SERVICES', format: referenceList },
  { field: 'date_created', header: 'CREATED' },
];

export const OVERRIDE_COLUMNS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'customer', header: 'CUSTOMER', format: customerLabel, maxWidth: 40 },
  { field: 'requirement.code', header: 'REQUIREMENT' },
  { field: 'reason', header: 'REASON', format: reason, maxWidth: 48 },
  { field: 'services', header: 'SERVICES', format: (value) => (Array.isArray(value) ? value.map((s: { id?: unknown }) => displayValue(s?.id)).join(', ') : '') },
];

/** "PASSPORT_INFORMATION waived for Ms Ada Lovelace (300001)": plain text (sanitise before printing); also the completion label. */
export function overrideSummary(override: Pick<Override, 'requirement' | 'customer'>): string {
  return `${displayValue(override.requirement?.code)} waived for ${customerLabel(override.customer)}`;
}
