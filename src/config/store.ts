import type { Stats } from 'node:fs';
import { join } from 'node:path';
import { LockBusyError, withFileLock } from '../util/lock.js';
import { checkPrivateFolders, ensurePrivateFolder, readFileNoFollowSync, type TrekPaths } from './paths.js';
import { unsafeOwnership } from '../util/ownership.js';
import { shellWord } from '../util/shell.js';
import { BUILTIN_SANDBOX_PROFILE, unknownProfileError } from './profile-name.js';
import { checkConfigShape, PROFILE_FIELDS, type ConfigFile, type ProfileRecord } from './schema.js';
import { assertSettingKey, checkSettingValue, SETTING_KEYS, type SettingKey } from './settings.js';
import { ExitCode, TrekError, UsageError } from '../errors.js';

/**
 * The one module that reads and writes config.json. Reads go to the file every time (another
 * trek process may have changed it) and check it before trusting it: the folders and the file
 * must be the user's alone, the JSON well formed and as CONFIG_SCHEMA says (schema.ts). Every
 * change is a read-modify-write under a lock beside the file, so parallel commands never lose
 * each other's changes; conf writes the result (conf-file.ts): checked against the same schema,
 * atomically, so a crash never leaves half a file, with mode 0600.
 */

export { checkConfigShape, PROFILE_FIELDS, type ConfigFile, type ProfileRecord } from './schema.js';

export interface SetProfileOptions {
  /** Refuse (UsageError, nothing written) when a profile of that name exists. */
  mustBeNew?: boolean;
  /** Also make it the current profile, in the same write. */
  makeCurrent?: boolean;
}

/** Reads are synchronous; writes wait for the lock. */
export interface ConfigStore {
  /** The config file. */
  readonly path: string;
  currentProfile(): string | undefined;
  /** A stored profile or the built-in one; another name is a UsageError listing the known ones. */
  setCurrentProfile(name: string | undefined): Promise<void>;
  profiles(): Record<string, ProfileRecord>;
  getProfile(name: string): ProfileRecord | undefined;
  setProfile(name: string, record: ProfileRecord, options?: SetProfileOptions): Promise<void>;
  /** Also forgets it as the current profile. */
  removeProfile(name: string): Promise<{ removed: boolean; wasCurrent: boolean }>;
  /** Keys are those of SETTINGS (src/config/settings.ts); others are a UsageError. */
  getSetting(key: string): string | undefined;
  setSetting(key: string, value: string): Promise<void>;
  unsetSetting(key: string): Promise<void>;
  settings(): Partial<Record<SettingKey, string>>;
}

/**
 * The config file cannot be used as it is. Mapped to exit 2 by main; the file is never
 * rewritten or reset when this is thrown, so the user can repair it.
 */
export class ConfigError extends TrekError {
  override name = 'ConfigError';
  readonly exitCode = ExitCode.usage;
  readonly jsonCode = 'config';
  constructor(
    readonly file: string,
    problem: string,
    options: { action?: 'read' | 'write'; fix?: string } = {},
  ) {
    const reason = problem.replace(/\.$/, '');
    super(
      options.action === 'write'
        ? `cannot write the config file ${file}: ${reason}. Nothing was changed.`
        : `cannot use the config file ${file}: ${reason}. Nothing was changed; ${options.fix ?? 'fix the file by hand, or move it aside to start afresh'}.`,
    );
  }
  protected override jsonDetails(): Record<string, unknown> {
    return { file: this.file };
  }
}

const CONFIG_NAME = 'config';
export const CONFIG_FILE_NAME = `${CONFIG_NAME}.json`;

export function configFilePath(paths: TrekPaths): string {
  return join(paths.config, CONFIG_FILE_NAME);
}

export interface OpenConfigOptions {
  /** How long a change waits for another process's lock before giving up; default 20 s. */
  lockWaitMs?: number;
}

/** The store of `paths`. A file that cannot be used is refused now, before a command starts its work. */
export function openConfig(paths: TrekPaths, options: OpenConfigOptions = {}): ConfigStore {
  readConfig(paths);
  return new FileConfigStore(paths, options);
}

/** The stored settings, checked: for the root command's defaults (colour, timeout, prompting). */
export function readSettings(paths: TrekPaths): Partial<Record<SettingKey, string>> {
  return knownSettings(readConfig(paths));
}

export function profileExistsError(name: string): UsageError {
  return new UsageError(`profile "${name}" already exists; nothing was changed`, `Pass --force to replace it, or remove it first with: trek profile remove ${name}`);
}

class FileConfigStore implements ConfigStore {
  readonly path: string;

  constructor(
    private readonly paths: TrekPaths,
    private readonly options: OpenConfigOptions,
  ) {
    this.path = configFilePath(paths);
  }

  currentProfile(): string | undefined {
    return this.read().current_profile;
  }

  async setCurrentProfile(name: string | undefined): Promise<void> {
    await this.update((data) => {
      if (name === undefined) delete data.current_profile;
      else if (name === BUILTIN_SANDBOX_PROFILE || Object.hasOwn(data.profiles ?? {}, name)) data.current_profile = name;
      // Checked under the lock: a profile removed meanwhile is not made current.
      else throw unknownProfileError(this, name);
    });
  }

  profiles(): Record<string, ProfileRecord> {
    return { ...this.read().profiles };
  }

  getProfile(name: string): ProfileRecord | undefined {
    const profiles = this.read().profiles ?? {};
    return Object.hasOwn(profiles, name) ? { ...profiles[name] } : undefined;
  }

  async setProfile(name: string, record: ProfileRecord, options: SetProfileOptions = {}): Promise<void> {
    if (name === BUILTIN_SANDBOX_PROFILE) throw new UsageError(`"${name}" is the built-in profile and cannot be changed; choose another name`);
    const stored: ProfileRecord = {};
    for (const field of PROFILE_FIELDS) if (record[field] !== undefined) stored[field] = record[field];
    await this.update((data) => {
      if (options.mustBeNew && Object.hasOwn(data.profiles ?? {}, name)) throw profileExistsError(name);
      data.profiles = { ...data.profiles, [name]: stored };
      if (options.makeCurrent) data.current_profile = name;
    });
  }

  async removeProfile(name: string): Promise<{ removed: boolean; wasCurrent: boolean }> {
    const result = { removed: false, wasCurrent: false };
    await this.update((data) => {
      if (!data.profiles || !Object.hasOwn(data.profiles, name)) return false;
      const { [name]: _removed, ...rest } = data.profiles;
      data.profiles = rest;
      result.removed = true;
      if (data.current_profile === name) {
        delete data.current_profile;
        result.wasCurrent = true;
      }
      return true;
    });
    return result;
  }

  getSetting(key: string): string | undefined {
    const settingKey = assertSettingKey(key);
    return this.read().settings?.[settingKey];
  }

  async setSetting(key: string, value: string): Promise<void> {
    const settingKey = assertSettingKey(key);
    const checked = checkSettingValue(settingKey, value);
    if ('problem' in checked) throw new UsageError(checked.problem);
    await this.update((data) => {
      data.settings = { ...data.settings, [settingKey]: checked.value };
    });
  }

  async unsetSetting(key: string): Promise<void> {
    const settingKey = assertSettingKey(key);
    await this.update((data) => {
      if (!data.settings || !Object.hasOwn(data.settings, settingKey)) return false;
      const { [settingKey]: _unset, ...rest } = data.settings;
      data.settings = rest;
      return true;
    });
  }

  settings(): Partial<Record<SettingKey, string>> {
    return knownSettings(this.read());
  }

  private read(): ConfigFile {
    return readConfig(this.paths);
  }

  /**
   * Under the lock: reads the file afresh, applies `change` and writes the result atomically.
   * `change` returns false when it changed nothing, and then nothing is written.
   */
  private async update(change: (data: ConfigFile) => boolean | void): Promise<void> {
    ensurePrivateFolder(this.paths, 'config');
    try {
      const { writeConfigFile } = await import('./conf-file.js');
      await withFileLock(
        this.path,
        () => {
          const data = readConfig(this.paths);
          if (change(data) === false) return;
          writeConfigFile(this.paths.config, CONFIG_NAME, data);
        },
        { waitMs: this.options.lockWaitMs },
      );
    } catch (error) {
      if (error instanceof UsageError || error instanceof ConfigError) throw error;
      // A live holder (LockBusyError names its pid) or a disk that refuses the write.
      const problem = error instanceof LockBusyError ? error.message : error instanceof Error ? error.message : String(error);
      throw new ConfigError(this.path, problem, { action: 'write' });
    }
  }
}

function knownSettings(data: ConfigFile): Partial<Record<SettingKey, string>> {
  const stored = data.settings ?? {};
  const known: Partial<Record<SettingKey, string>> = {};
  for (const key of SETTING_KEYS) if (stored[key] !== undefined) known[key] = stored[key];
  return known;
}

/**
 * The config file, checked. A missing file is an empty config. What is checked (owner, mode)
 * is what was read: the file is opened once, without following a symlink.
 */
export function readConfig(paths: TrekPaths): ConfigFile {
  checkPrivateFolders(paths, 'config');
  const file = configFilePath(paths);
  let read: { text: string; stats: Stats };
  try {
    read = readFileNoFollowSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return {};
    if (code === 'ELOOP') {
      throw new ConfigError(file, 'it is a symbolic link, and trek keeps keys only in a regular file of its own (every change replaces the file, which would cut the link)', {
        fix: 'replace the link with a copy of the file it points to',
      });
    }
    throw new ConfigError(file, (error as Error).message);
  }
  const { text, stats } = read;
  const unsafe = unsafeOwnership(stats, 'file');
  if (unsafe) throw new ConfigError(file, unsafe.what, { fix: unsafe.fix(file) });
  const data = guard(file, () => checkConfigShape(JSON.parse(text)));
  if (stats.mode & 0o044 && holdsKey(data)) {
    throw new ConfigError(file, `it holds an API key and is readable by ${stats.mode & 0o004 ? 'every user' : 'its group'} (mode ${(stats.mode & 0o777).toString(8)})`, {
      fix: `make it private: chmod 600 ${shellWord(file)}`,
    });
  }
  return data;
}

const holdsKey = (data: ConfigFile) => Object.values(data.profiles ?? {}).some((record) => record.api_key);

function guard<T>(file: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new ConfigError(file, error instanceof Error ? error.message : String(error));
  }
}
