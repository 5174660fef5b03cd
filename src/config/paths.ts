import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** Where trek keeps its files. */
export interface TrekPaths {
  /** Holds config.json (profiles, keys, settings). */
  config: string;
  /** Sandbox state and other data worth keeping. */
  data: string;
  /** Disposable: anything here may be deleted at any time. */
  cache: string;
  /** History (e.g. for completion): kept, but not precious. */
  state: string;
}

/**
 * TREK_HOME relocates everything under one directory (tests always set it); otherwise the XDG
 * base directories are used, with their documented fallbacks under the home directory.
 */
export function trekPaths(env: Record<string, string | undefined>): TrekPaths {
  if (env.TREK_HOME) {
    const home = env.TREK_HOME;
    return { config: join(home, 'config'), data: join(home, 'data'), cache: join(home, 'cache'), state: join(home, 'state') };
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
