/**
 * The profile names and the current profile, for the paths that must never fail (completion,
 * the id history): read by store.ts like every read of config.json, with every error taken as
 * "no profiles".
 */
import type { TrekPaths } from './paths.js';
import { pickProfileName } from './profile-name.js';
import { readConfig } from './store.js';

export interface ConfigPeek {
  current?: string;
  profiles: Record<string, { base_url?: string }>;
}

/**
 * Anything odd (no file, bad JSON, wrong shapes, a folder or file trek refuses) reads as "no
 * profiles": completion never reports errors, and the command itself will explain.
 */
export function peekConfig(paths: TrekPaths): ConfigPeek {
  try {
    const data = readConfig(paths);
    const profiles: ConfigPeek['profiles'] = {};
    for (const [name, record] of Object.entries(data.profiles ?? {})) profiles[name] = record.base_url === undefined ? {} : { base_url: record.base_url };
    return { current: data.current_profile, profiles };
  } catch {
    return { profiles: {} };
  }
}

/** The profile a command would use (profile-name.ts), reading the config file as peekConfig does. */
export function profileName(paths: TrekPaths, env: { TREK_PROFILE?: string }, flag: string | undefined): string {
  return pickProfileName(flag, env.TREK_PROFILE, () => peekConfig(paths).current).name;
}
