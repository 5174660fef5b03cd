/**
 * What an import will do, from the manifest and its journal: which rows to create, which were
 * created already (skipped), which were sent without an answer (looked for first). A journal
 * written for another import — another departure or booking, rows that changed under lines
 * already imported — is refused before anything is sent.
 */
import { UsageError } from '../../errors.js';
import { sanitize } from '../../output/sanitize.js';
import type { JournalState } from './journal.js';
import type { Manifest, ManifestRow } from './manifest.js';

export type RowAction =
  | { row: ManifestRow; action: 'create' }
  /** Created by an earlier run. */
  | { row: ManifestRow; action: 'skip'; customer: string }
  /** Sent by an earlier run that never saw the answer: looked for before it is sent again. */
  | { row: ManifestRow; action: 'check' };

export interface ImportTarget {
  departure: string;
  /** --booking; undefined with --new-booking. */
  booking?: string;
}

export interface ImportPlan {
  actions: RowAction[];
  /** The booking the journal already has (made by --new-booking earlier, or given before). */
  booking?: string;
  /** The departure services in the journal already. */
  services: Array<{ id: string; customers: string[] }>;
}

export function planImport(manifest: Manifest, state: JournalState, target: ImportTarget, journalFile: string): ImportPlan {
  const journal = sanitize(journalFile);
  const hint = 'Each import has its own journal: give another with --journal (or move this one away) to start a new import.';
  if (state.header && state.header.departure !== target.departure) {
    throw new UsageError(`the journal ${journal} is of an import on departure ${sanitize(state.header.departure)}, not ${sanitize(target.departure)}`, hint, { field: '--departure' });
  }
  if (target.booking !== undefined && state.booking !== undefined && state.booking !== target.booking) {
    throw new UsageError(`the journal ${journal} is of an import on booking ${sanitize(state.booking)}, not ${sanitize(target.booking)}`, hint, { field: '--booking' });
  }
  const rowsByLine = new Map(manifest.rows.map((row) => [row.line, row]));
  const problems: string[] = [];
  for (const [line, entry] of state.lines) {
    const row = rowsByLine.get(line);
    if (entry.state === 'rejected') continue;
    const what = entry.customer === undefined ? 'was sent to the API' : `was imported as customer ${sanitize(entry.customer)}`;
    if (!row) problems.push(`line ${line} ${what}, and the manifest has no traveller on it now`);
    else if (row.digest !== entry.digest) problems.push(`line ${line} ${what} from other values than it holds now`);
  }
  if (problems.length > 0) {
    throw new UsageError(
      `the manifest changed since it was imported with the journal ${journal}:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      'Put those rows back as they were (new travellers go on new lines at the end), or start a new import with another --journal.',
      { field: '<manifest>' },
    );
  }
  const actions = manifest.rows.map((row): RowAction => {
    const entry = state.lines.get(row.line);
    if (entry?.state === 'created') return { row, action: 'skip', customer: entry.customer! };
    if (entry?.state === 'sent') return { row, action: 'check' };
    return { row, action: 'create' };
  });
  return { actions, booking: state.booking, services: state.services };
}
