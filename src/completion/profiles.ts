import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TrekPaths } from '../config/paths.js';
import { BUILTIN_SANDBOX_PROFILE as BUILTIN_PROFILE } from '../config/resolve.js';
import { CONFIG_FILE_NAME } from '../config/store.js';
import type { Env } from '../factory.js';
import type { Candidate } from './protocol.js';

interface ConfigPeek {
  current?: string;
  profiles: Record<string, { base_url?: string }>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The profile names and the current profile, read straight from config.json (conf, which
 * store.ts loads lazily, would cost more than the whole completion). Anything odd
 * (no file, bad JSON, wrong shapes) reads as "no profiles": completion never reports errors,
 * and the command itself will explain a broken file.
 */
export function peekConfig(paths: TrekPaths): ConfigPeek {
  try {
    const data: unknown = JSON.parse(readFileSync(join(paths.config, CONFIG_FILE_NAME), 'utf8'));
    if (!isObject(data)) return { profiles: {} };
    const profiles: ConfigPeek['profiles'] = {};
    if (isObject(data.profiles)) {
      for (const [name, record] of Object.entries(data.profiles)) {
        profiles[name] = isObject(record) && typeof record.base_url === 'string' ? { base_url: record.base_url } : {};
      }
    }
    return { current: typeof data.current_profile === 'string' ? data.current_profile : undefined, profiles };
  } catch {
    return { profiles: {} };
  }
}

/** The profile a command would use, by the precedence of config/resolve.ts, without loading conf. */
export function profileName(paths: TrekPaths, env: Env, flag: string | undefined): string {
  return flag || env.TREK_PROFILE || peekConfig(paths).current || BUILTIN_PROFILE;
}

/** Configured profiles and the built-in sandbox, described by their base URL (never their key). */
export function profileCandidates(paths: TrekPaths): Candidate[] {
  const { current, profiles } = peekConfig(paths);
  const mark = (name: string) => (name === current ? ' (current)' : '');
  const configured = Object.entries(profiles)
    .filter(([name]) => name !== BUILTIN_PROFILE)
    .map(([name, record]) => ({ value: name, description: `${record.base_url ?? 'no base URL'}${mark(name)}` }));
  return [...configured, { value: BUILTIN_PROFILE, description: `built-in sandbox${mark(BUILTIN_PROFILE)}` }];
}
