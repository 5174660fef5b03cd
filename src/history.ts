/**
 * The ids this user created or viewed recently, so completion can offer them
 * (`trek booking get <TAB>`). One small JSON file under the state directory, kept per profile
 * (ids of one API mean nothing to another) and per kind, most recent first, at most
 * HISTORY_LIMIT per kind. It holds ids and short labels only: never keys, never bodies.
 * Written with the one atomic writer (an exclusive temp file with a random name, so nothing
 * planted in the folder is written through), in a folder that must be the user's alone; read
 * without following a symlink. There is no lock: concurrent trek processes may drop each
 * other's newest entries, which is acceptable for a convenience, but the file is always whole.
 * Every failure is silent: history must never break the command that records it, nor
 * completion that reads it.
 */
import { join } from 'node:path';
import { checkPrivateFolders, ensurePrivateFolder, readFileNoFollowSync, type TrekPaths } from './config/paths.js';
import { profileName } from './config/peek.js';
import type { Factory } from './factory.js';
import { sanitize } from './output/sanitize.js';
import { writeFileAtomicSync } from './util/atomic-write.js';

/** A resource noun, as in `trek <noun> get <id>`. */
export type IdKind = 'booking' | 'customer' | 'service' | 'override' | 'checkin' | (string & {});

export interface RememberedId {
  id: string;
  /** A few words to recognise it by in a completion menu (a customer's name, a departure's name and date). */
  label?: string;
}

/** What commands pass in: ids as the API sent them (string or number). */
export interface IdToRemember {
  id: string | number;
  label?: string;
}

export const HISTORY_FILE = 'history.json';
export const HISTORY_LIMIT = 50;
const LABEL_MAX = 60;
/** Ids are opaque, but one that needs quoting in a shell or holds control characters is not worth keeping. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const SAFE_KIND = /^[a-z][a-z0-9-]{0,31}$/;

type History = Map<string, Map<string, RememberedId[]>>;

function historyPath(paths: TrekPaths): string {
  return join(paths.state, HISTORY_FILE);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The file as maps (own keys only, so names like `__proto__` stay plain data); anything unreadable is an empty history. */
function load(paths: TrekPaths): History {
  const history: History = new Map();
  let data: unknown;
  try {
    checkPrivateFolders(paths, 'state');
    data = JSON.parse(readFileNoFollowSync(historyPath(paths)).text);
  } catch {
    return history;
  }
  if (!isObject(data) || data.version !== 1 || !isObject(data.profiles)) return history;
  for (const [profile, kinds] of Object.entries(data.profiles)) {
    if (!isObject(kinds)) continue;
    const byKind = new Map<string, RememberedId[]>();
    for (const [kind, entries] of Object.entries(kinds)) {
      if (!Array.isArray(entries)) continue;
      byKind.set(kind, entries.flatMap((entry) => clean(entry) ?? []));
    }
    history.set(profile, byKind);
  }
  return history;
}

/** An entry as it may be stored: a safe id and a short single-line label. */
function clean(entry: unknown): RememberedId | undefined {
  if (!isObject(entry)) return undefined;
  const id = typeof entry.id === 'number' ? String(entry.id) : entry.id;
  if (typeof id !== 'string' || !SAFE_ID.test(id)) return undefined;
  if (typeof entry.label !== 'string') return { id };
  const text = sanitize(entry.label).replace(/\s+/g, ' ').trim();
  if (text === '') return { id };
  return { id, label: text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text };
}

function save(paths: TrekPaths, history: History): void {
  const data = {
    version: 1,
    profiles: Object.fromEntries([...history].map(([profile, kinds]) => [profile, Object.fromEntries(kinds)])),
  };
  ensurePrivateFolder(paths, 'state');
  writeFileAtomicSync(historyPath(paths), `${JSON.stringify(data)}\n`);
}

/**
 * Puts `ids` at the top of the profile's list for `kind` (first given = most recent), moving
 * ids seen before rather than repeating them, and keeps HISTORY_LIMIT. Ids that are not
 * plain tokens are skipped. Never throws.
 */
export function recordIds(paths: TrekPaths, profile: string, kind: IdKind, ids: readonly IdToRemember[]): void {
  try {
    if (!SAFE_KIND.test(kind)) return;
    const fresh = ids.flatMap((entry) => clean(entry) ?? []);
    if (fresh.length === 0) return;
    const history = load(paths);
    const byKind = history.get(profile) ?? new Map<string, RememberedId[]>();
    const merged = new Map<string, RememberedId>();
    for (const entry of [...fresh, ...(byKind.get(kind) ?? [])]) {
      // The newest position wins; a label known from before is kept when the new record has none.
      const kept = merged.get(entry.id);
      if (!kept) merged.set(entry.id, entry);
      else if (kept.label === undefined && entry.label !== undefined) merged.set(entry.id, { ...kept, label: entry.label });
    }
    byKind.set(kind, [...merged.values()].slice(0, HISTORY_LIMIT));
    history.set(profile, byKind);
    save(paths, history);
  } catch {
    // A convenience only: the command that recorded has already done its work.
  }
}

/** The profile's most recent ids of `kind`, newest first; [] when there are none or the file is unreadable. */
export function recentIds(paths: TrekPaths, profile: string, kind: IdKind, limit = HISTORY_LIMIT): RememberedId[] {
  try {
    return (load(paths).get(profile)?.get(kind) ?? []).slice(0, limit);
  } catch {
    return [];
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
