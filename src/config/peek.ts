/**
 * The profile names and the current profile, read straight from config.json for the paths
 * that must stay light (completion, the id history): conf, which store.ts loads lazily,
 * would cost more than a whole completion.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../factory.js';
import type { TrekPaths } from './paths.js';
import { BUILTIN_SANDBOX_PROFILE } from './resolve.js';
import { CONFIG_FILE_NAME } from './store.js';

export interface ConfigPeek {
  current?: string;
  profiles: Record<string, { base_url?: string }>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Anything odd (no file, bad JSON, wrong shapes) reads as "no profiles": completion never
 * reports errors, and the command itself will explain a broken file.
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

/** The profile a command would use, by the precedence of resolve.ts, without loading conf. */
export function profileName(paths: TrekPaths, env: Env, flag: string | undefined): string {
  return flag || env.TREK_PROFILE || peekConfig(paths).current || BUILTIN_SANDBOX_PROFILE;
}
