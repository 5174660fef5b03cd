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
 *
 * This module reads; src/history-record.ts writes. Completion, on every TAB, only reads, so it
 * never loads the atomic writer (nor the node:crypto its temp names need).
 */
import { join } from 'node:path';
import { checkPrivateFolders, readFileNoFollowSync, type TrekPaths } from './config/paths.js';
import { sanitize } from './output/sanitize.js';

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
  /** Null (a server's null name) is remembered as no label. */
  label?: string | null;
}

export const HISTORY_FILE = 'history.json';
export const HISTORY_LIMIT = 50;
const LABEL_MAX = 60;
/** Ids are opaque, but one that needs quoting in a shell or holds control characters is not worth keeping. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
export const SAFE_KIND = /^[a-z][a-z0-9-]{0,31}$/;

/** Profile → kind → ids, newest first. */
export type History = Map<string, Map<string, RememberedId[]>>;

export function historyPath(paths: TrekPaths): string {
  return join(paths.state, HISTORY_FILE);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The file as maps (own keys only, so names like `__proto__` stay plain data); anything unreadable is an empty history. */
export function load(paths: TrekPaths): History {
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
      byKind.set(
        kind,
        entries.flatMap((entry) => clean(entry) ?? []),
      );
    }
    history.set(profile, byKind);
  }
  return history;
}

/** An entry as it may be stored: a safe id and a short single-line label. */
export function clean(entry: unknown): RememberedId | undefined {
  if (!isObject(entry)) return undefined;
  const id = typeof entry.id === 'number' ? String(entry.id) : entry.id;
  if (typeof id !== 'string' || !SAFE_ID.test(id)) return undefined;
  if (typeof entry.label !== 'string') return { id };
  const text = sanitize(entry.label).replace(/\s+/g, ' ').trim();
  if (text === '') return { id };
  return { id, label: text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text };
}

/** The profile's most recent ids of `kind`, newest first; [] when there are none or the file is unreadable. */
export function recentIds(paths: TrekPaths, profile: string, kind: IdKind, limit = HISTORY_LIMIT): RememberedId[] {
  try {
    return (load(paths).get(profile)?.get(kind) ?? []).slice(0, limit);
  } catch {
    return [];
  }
}
