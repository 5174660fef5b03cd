/**
 * The writing half of the id history (src/history.ts reads): commands that create or show
 * records remember their ids here. Apart from the reader so that completion never loads the
 * atomic writer. The file is rewritten only when its content changes: showing the record
 * that is already the most recent one writes nothing.
 */
import { ensurePrivateFolder, type TrekPaths } from './config/paths.js';
import { profileName } from './config/peek.js';
import type { Factory } from './factory.js';
import { clean, HISTORY_LIMIT, historyPath, load, SAFE_KIND, type History, type IdKind, type IdToRemember, type RememberedId } from './history.js';
import { writeFileAtomicSync } from './util/atomic-write.js';

function save(paths: TrekPaths, history: History): void {
  const data = {
    version: 1,
    profiles: Object.fromEntries([...history].map(([profile, kinds]) => [profile, Object.fromEntries(kinds)])),
  };
  ensurePrivateFolder(paths, 'state');
  writeFileAtomicSync(historyPath(paths), `${JSON.stringify(data)}\n`);
}

const sameEntries = (a: readonly RememberedId[], b: readonly RememberedId[]) => a.length === b.length && a.every((entry, i) => entry.id === b[i].id && entry.label === b[i].label);

/**
 * Puts `ids` at the top of the profile's list for `kind` (first given = most recent), moving
 * ids seen before rather than repeating them, and keeps HISTORY_LIMIT. Ids that are not
 * plain tokens are skipped. Writes only when the list changed. Never throws.
 */
export function recordIds(paths: TrekPaths, profile: string, kind: IdKind, ids: readonly IdToRemember[]): void {
  try {
    if (!SAFE_KIND.test(kind)) return;
    const fresh = ids.flatMap((entry) => clean(entry) ?? []);
    if (fresh.length === 0) return;
    const history = load(paths);
    const byKind = history.get(profile) ?? new Map<string, RememberedId[]>();
    const before = byKind.get(kind) ?? [];
    const merged = new Map<string, RememberedId>();
    for (const entry of [...fresh, ...before]) {
      // The newest position wins; a label known from before is kept when the new record has none.
      const kept = merged.get(entry.id);
      if (!kept) merged.set(entry.id, entry);
      else if (kept.label === undefined && entry.label !== undefined) merged.set(entry.id, { ...kept, label: entry.label });
    }
    const after = [...merged.values()].slice(0, HISTORY_LIMIT);
    if (sameEntries(before, after)) return;
    byKind.set(kind, after);
    history.set(profile, byKind);
    save(paths, history);
  } catch {
    // A convenience only: the command that recorded has already done its work.
  }
}

/**
 * For commands: remember the ids just created or shown, under the profile this invocation
 * uses (--profile, TREK_PROFILE, the current profile, else the built-in sandbox).
 *   rememberIds(opts.f, 'booking', [{ id: booking.id, label: `${booking.currency} ${booking.external_id ?? ''}` }])
 */
export function rememberIds(f: Pick<Factory, 'paths' | 'env' | 'globals'>, kind: IdKind, ids: readonly IdToRemember[]): void {
  try {
    const paths = f.paths();
    recordIds(paths, profileName(paths, f.env, f.globals.profile), kind, ids);
  } catch {
    // Same as recordIds: never in the way.
  }
}
