import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { UsageError } from '../errors.js';
import { unsafeOwnership } from '../util/ownership.js';

/** Where trek keeps its files. */
export interface TrekPaths {
  /** TREK_HOME when it is set: the folder that holds all the others, checked like them. */
  home?: string;
  /** Holds config.json (profiles, keys, settings). */
  config: string;
  /** Sandbox state and other data worth keeping. */
  data: string;
  /** Disposable: anything here may be deleted at any time. */
  cache: string;
  /** History (e.g. for completion): kept, but not precious. */
  state: string;
}

export type TrekFolder = 'config' | 'data' | 'cache' | 'state';

/**
 * TREK_HOME relocates everything under one directory (tests always set it); otherwise the XDG
 * base directories are used, with their documented fallbacks under the home directory.
 */
export function trekPaths(env: Record<string, string | undefined>): TrekPaths {
  if (env.TREK_HOME) {
    const home = env.TREK_HOME;
    return { home, config: join(home, 'config'), data: join(home, 'data'), cache: join(home, 'cache'), state: join(home, 'state') };
  }
  // The XDG spec says relative values are invalid and must be ignored.
  const xdg = (name: string, fallback: string[]) => {
    const value = env[name];
    return join(value && isAbsolute(value) ? value : join(homedir(), ...fallback), 'trek');
  };
  return {
    config: xdg('XDG_CONFIG_HOME', ['.config']),
    data: xdg('XDG_DATA_HOME', ['.local', 'share']),
    cache: xdg('XDG_CACHE_HOME', ['.cache']),
    state: xdg('XDG_STATE_HOME', ['.local', 'state']),
  };
}

/** TREK_HOME (when set) and then the folder itself: each must be the user's alone. */
function foldersOf(paths: TrekPaths, folder: TrekFolder): string[] {
  return paths.home === undefined ? [paths[folder]] : [paths.home, paths[folder]];
}

/**
 * Creates the folder (and TREK_HOME) with mode 0700 when missing, after checking that those
 * which exist are the user's alone (see checkPrivateFolder): nothing is created inside a folder
 * someone else controls. Returns the folder. Throws a UsageError (exit 2) naming the folder and
 * the command that fixes it.
 */
export function ensurePrivateFolder(paths: TrekPaths, folder: TrekFolder): string {
  const dir = paths[folder];
  checkPrivateFolders(paths, folder);
  try {
    // recursive: TREK_HOME or an XDG base folder may not exist yet; each folder made gets 0700.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new UsageError(`cannot create the folder ${dir}: ${(error as Error).message}`);
  }
  return dir;
}

/** Like ensurePrivateFolder for reading: the folders that exist are checked, none is created. */
export function checkPrivateFolders(paths: TrekPaths, folder: TrekFolder): void {
  for (const each of foldersOf(paths, folder)) checkPrivateFolder(each, { mayBeMissing: true });
}

/**
 * As ssh does with ~/.ssh: a folder owned by another user, or writable by group or others,
 * lets someone else replace what trek keeps there (keys, the sandbox's state), so it is refused
 * rather than used. Not checked where the platform has no uids (Windows).
 */
export function checkPrivateFolder(dir: string, options: { mayBeMissing?: boolean } = {}): void {
  let stats: Stats;
  try {
    stats = statSync(dir);
  } catch (error) {
    if (options.mayBeMissing && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new UsageError(`cannot use the folder ${dir}: ${(error as Error).message}`);
  }
  if (!stats.isDirectory()) throw new UsageError(`cannot use ${dir}: it is not a folder`, `Fix: move it aside, and trek creates the folder`);
  const problem = unsafeOwnership(stats, 'folder');
  if (problem) throw new UsageError(`refusing to use the folder ${dir}: ${problem.what}`, `Fix: ${problem.fix(dir)}`);
}

/**
 * Reads a file trek keeps without following a symlink at its name (ELOOP) and without waiting
 * on a FIFO (O_NONBLOCK); `stats` describe what was read, not what the name points to later.
 * Throws the fs error (ENOENT for a missing file), EFBIG for a file over `maxBytes` (not read).
 */
export function readFileNoFollowSync(file: string, options: { maxBytes?: number } = {}): { text: string; stats: Stats } {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw Object.assign(new Error(`${file} is not a regular file`), { code: 'EFTYPE' });
    if (options.maxBytes !== undefined && stats.size > options.maxBytes) throw Object.assign(new Error(`${file} is larger than ${options.maxBytes} bytes`), { code: 'EFBIG' });
    return { text: readFileSync(fd, 'utf8'), stats };
  } finally {
    closeSync(fd);
  }
}
