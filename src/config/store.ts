import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type Conf from 'conf';
import type { TrekPaths } from './paths.js';
import { BUILTIN_SANDBOX_PROFILE } from './resolve.js';
import { assertSettingKey, checkSettingValue, isSettingKey, SETTING_KEYS, type SettingKey } from './settings.js';
import { UsageError } from '../errors.js';

/** One named profile as stored in config.json. */
export interface ProfileRecord {
  base_url?: string;
  api_key?: string;
  auth_header?: string;
  output?: string;
  agency?: string;
}

export const PROFILE_FIELDS = ['base_url', 'api_key', 'auth_header', 'output', 'agency'] as const satisfies ReadonlyArray<keyof ProfileRecord>;

/** The layout of config.json. Unknown keys are kept as they are (a newer trek may have written them). */
interface ConfigFile {
  current_profile?: string;
  profiles?: Record<string, ProfileRecord>;
  settings?: Partial<Record<SettingKey, string>>;
}

/**
 * Reads are synchronous and never load conf (most commands only read, and conf costs tens of
 * milliseconds to import); writes are asynchronous because they load it on first use.
 */
export interface ConfigStore {
  /** The config file. */
  readonly path: string;
  currentProfile(): string | undefined;
  setCurrentProfile(name: string | undefined): Promise<void>;
  profiles(): Record<string, ProfileRecord>;
  getProfile(name: string): ProfileRecord | undefined;
  setProfile(name: string, record: ProfileRecord): Promise<void>;
  /** Also forgets it as the current profile. False when there was no such profile. */
  removeProfile(name: string): Promise<boolean>;
  /** Keys are those of SETTINGS (src/config/settings.ts); others are a UsageError. */
  getSetting(key: string): string | undefined;
  setSetting(key: string, value: string): Promise<void>;
  unsetSetting(key: string): Promise<void>;
  settings(): Partial<Record<SettingKey, string>>;
}

/**
 * The config file cannot be used as it is. Mapped to exit 2 by main; the file is never
 * rewritten or reset when this is thrown, so the user can repair it by hand.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly file: string, problem: string, action: 'read' | 'write' = 'read') {
    super(
      action === 'read'
        ? `cannot use the config file ${file}: ${problem}. Nothing was changed; fix the file by hand, or move it aside to start afresh.`
        : `cannot write the config file ${file}: ${problem}. Nothing was changed.`,
    );
  }
}

export const CONFIG_FILE_NAME = 'config.json';

export async function openConfig(paths: TrekPaths): Promise<ConfigStore> {
  const file = join(paths.config, CONFIG_FILE_NAME);
  // conf would create the directory with the default mode; keys live here, so keep it private.
  try {
    mkdirSync(paths.config, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ConfigError(file, `its folder cannot be created (${(error as Error).message})`, 'write');
  }
  // A damaged file is refused now, before a command starts its work.
  readConfigFile(file);
  return new FileConfigStore(file);
}

class FileConfigStore implements ConfigStore {
  /** Created on the first write only. */
  private writer: Conf<ConfigFile> | undefined;

  constructor(readonly path: string) {}

  currentProfile(): string | undefined {
    return this.read().current_profile;
  }

  async setCurrentProfile(name: string | undefined): Promise<void> {
    await this.update((data) => {
      if (name === undefined) delete data.current_profile;
      else data.current_profile = name;
    });
  }

  profiles(): Record<string, ProfileRecord> {
    return { ...this.read().profiles };
  }

  getProfile(name: string): ProfileRecord | undefined {
    const profiles = this.read().profiles ?? {};
    return Object.hasOwn(profiles, name) ? { ...profiles[name] } : undefined;
  }

  async setProfile(name: string, record: ProfileRecord): Promise<void> {
    if (name === BUILTIN_SANDBOX_PROFILE) throw new UsageError(`"${name}" is the built-in profile and cannot be changed; choose another name`);
    const stored: ProfileRecord = {};
    for (const field of PROFILE_FIELDS) if (record[field] !== undefined) stored[field] = record[field];
    await this.update((data) => {
      data.profiles = { ...data.profiles, [name]: stored };
    });
  }

  async removeProfile(name: string): Promise<boolean> {
    let removed = false;
    await this.update((data) => {
      if (!data.profiles || !Object.hasOwn(data.profiles, name)) return;
      const { [name]: _removed, ...rest } = data.profiles;
      data.profiles = rest;
      if (data.current_profile === name) delete data.current_profile;
      removed = true;
    });
    return removed;
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
      if (!data.settings) return;
      const { [settingKey]: _unset, ...rest } = data.settings;
      data.settings = rest;
    });
  }

  settings(): Partial<Record<SettingKey, string>> {
    const stored = this.read().settings ?? {};
    const known: Partial<Record<SettingKey, string>> = {};
    for (const key of SETTING_KEYS) if (stored[key] !== undefined) known[key] = stored[key];
    return known;
  }

  /** Every read goes to the file, so what another trek process wrote is seen. */
  private read(): ConfigFile {
    return readConfigFile(this.path);
  }

  /**
   * Reads the file afresh right before writing (another process may have changed it since it
   * was opened), then writes it atomically (conf writes a temp file and renames it). Nothing is
   * awaited between the read and the write.
   */
  private async update(change: (data: ConfigFile) => void): Promise<void> {
    const writer = await this.loadWriter();
    const data = this.read();
    change(data);
    guard(this.path, 'write', () => {
      writer.store = data;
    });
  }

  private async loadWriter(): Promise<Conf<ConfigFile>> {
    if (this.writer) return this.writer;
    const { default: ConfClass } = await import('conf');
    // The constructor reads the file too; a damaged one is refused here, before anything is written.
    this.writer ??= guard(this.path, 'read', () => new ConfClass<ConfigFile>({
      cwd: dirname(this.path),
      configName: 'config',
      configFileMode: 0o600,
      // Never replace a file we cannot read: it may hold keys the user cannot get back.
      clearInvalidConfig: false,
      accessPropertiesByDotNotation: false,
      deserialize: (text) => checkConfigShape(JSON.parse(text)),
    }));
    return this.writer;
  }
}

/** Without loading conf: most commands only read. A missing file is an empty config. */
function readConfigFile(file: string): ConfigFile {
  return guard(file, 'read', () => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    return checkConfigShape(JSON.parse(text));
  });
}

function guard<T>(file: string, action: 'read' | 'write', work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new ConfigError(file, error instanceof Error ? error.message : String(error), action);
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks what trek relies on, so a hand-edited file fails here with a message naming the entry
 * rather than later with a confusing one. Unknown keys are left alone.
 */
export function checkConfigShape(value: unknown): ConfigFile {
  if (!isPlainObject(value)) throw new Error('the top level must be a JSON object');
  const { current_profile, profiles, settings } = value;
  if (current_profile !== undefined && typeof current_profile !== 'string') throw new Error('"current_profile" must be a string');
  if (profiles !== undefined) {
    if (!isPlainObject(profiles)) throw new Error('"profiles" must be an object');
    for (const [name, record] of Object.entries(profiles)) {
      if (name === BUILTIN_SANDBOX_PROFILE) throw new Error(`"profiles.${name}" uses the name of the built-in profile; rename it`);
      if (!isPlainObject(record)) throw new Error(`"profiles.${name}" must be an object`);
      for (const field of PROFILE_FIELDS) {
        if (record[field] !== undefined && typeof record[field] !== 'string') throw new Error(`"profiles.${name}.${field}" must be a string`);
      }
    }
  }
  if (settings !== undefined) {
    if (!isPlainObject(settings)) throw new Error('"settings" must be an object');
    for (const [key, setting] of Object.entries(settings)) {
      if (!isSettingKey(key)) continue;
      if (typeof setting !== 'string') throw new Error(`"settings.${key}" must be a string`);
      const checked = checkSettingValue(key, setting);
      if ('problem' in checked) throw new Error(`"settings.${key}": ${checked.problem}`);
    }
  }
  return value as ConfigFile;
}
