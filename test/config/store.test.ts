import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trekPaths } from '../../src/config/paths.js';
import { writeConfigFile } from '../../src/config/conf-file.js';
import { checkConfigShape, ConfigError, openConfig, type ConfigFile } from '../../src/config/store.js';
import { UsageError } from '../../src/errors.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'trek-store-'));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

const open = () => openConfig(trekPaths({ TREK_HOME: home }));
const configFile = () => join(home, 'config', 'config.json');

describe('openConfig', () => {
  it('stores profiles in config.json with mode 0600 inside a 0700 directory', async () => {
    const store = open();
    expect(store.path).toBe(configFile());
    await store.setProfile('prod', { base_url: 'https://api.example.com', api_key: 'k-123' });
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, 'config')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ profiles: { prod: { base_url: 'https://api.example.com', api_key: 'k-123' } } });
  });

  it('tightens a pre-existing world-readable file to 0600 on the next write', async () => {
    mkdirSync(join(home, 'config'), { recursive: true });
    writeFileSync(configFile(), '{}');
    chmodSync(configFile(), 0o644);
    await open().setCurrentProfile(undefined);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
  });

  it('does not create the file just by reading', async () => {
    const store = open();
    expect(store.profiles()).toEqual({});
    expect(store.currentProfile()).toBeUndefined();
    expect(() => statSync(configFile())).toThrow(/ENOENT/);
  });

  it.each([
    ['truncated JSON', '{"profiles": {"prod": {"base_url": "https://a'],
    ['not an object', '["prod"]'],
    ['a profile that is not an object', '{"profiles": {"prod": "https://a"}}'],
    ['a non-string key', '{"profiles": {"prod": {"api_key": 42}}}'],
    ['an invalid setting', '{"settings": {"output": "pdf"}}'],
    ['a stored profile named like the built-in one', '{"profiles": {"sandbox": {"base_url": "https://a"}}}'],
  ])('refuses a config file with %s, naming it and leaving it byte-for-byte untouched', async (_label, content) => {
    mkdirSync(join(home, 'config'), { recursive: true });
    writeFileSync(configFile(), content);
    const before = readFileSync(configFile());
    const error = (() => {
      try {
        return open();
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(configFile());
    expect((error as Error).message).toContain('Nothing was changed');
    expect(readFileSync(configFile()).equals(before)).toBe(true);
  });

  it('refuses later reads too when the file is damaged after opening, without rewriting it', async () => {
    const store = open();
    await store.setProfile('prod', { base_url: 'https://a.example' });
    writeFileSync(configFile(), '{oops');
    expect(() => store.profiles()).toThrow(ConfigError);
    await expect(store.setSetting('output', 'json')).rejects.toThrow(ConfigError);
    expect(readFileSync(configFile(), 'utf8')).toBe('{oops');
  });

  it('refuses a first write to a file damaged after opening, leaving it byte-for-byte untouched', async () => {
    const store = open();
    mkdirSync(join(home, 'config'));
    writeFileSync(configFile(), '{"profiles": ');
    await expect(store.setProfile('prod', { base_url: 'https://a.example' })).rejects.toThrow(ConfigError);
    expect(readFileSync(configFile(), 'utf8')).toBe('{"profiles": ');
  });

  it('re-reads the file just before each write, keeping what another process wrote in between', async () => {
    const store = open();
    await store.setSetting('output', 'yaml');
    // Another trek process adds a profile after this store last wrote.
    writeFileSync(configFile(), JSON.stringify({ profiles: { other: { base_url: 'https://other.example' } }, settings: { output: 'yaml' } }));
    await store.setProfile('prod', { base_url: 'https://a.example' });
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({
      profiles: { other: { base_url: 'https://other.example' }, prod: { base_url: 'https://a.example' } },
      settings: { output: 'yaml' },
    });
    expect(Object.keys(store.profiles())).toEqual(['other', 'prod']);
  });

  it('keeps keys it does not know (a newer trek may have written them)', async () => {
    mkdirSync(join(home, 'config'), { recursive: true });
    writeFileSync(configFile(), JSON.stringify({ future: { x: 1 }, settings: { future_setting: 'y' } }));
    const store = open();
    await store.setSetting('color', 'never');
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ future: { x: 1 }, settings: { future_setting: 'y', color: 'never' } });
    expect(store.settings()).toEqual({ color: 'never' });
  });
});

describe('conf writes the file', () => {
  it('as trek always wrote it: two-space JSON ending in a newline, mode 0600', async () => {
    await open().setSetting('color', 'never');
    expect(readFileSync(configFile(), 'utf8')).toBe('{\n  "settings": {\n    "color": "never"\n  }\n}\n');
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['a setting value trek refuses', { settings: { color: 'sometimes' } }],
    ['a profile field that is not text', { profiles: { prod: { base_url: 42 } } }],
    ['a stored profile named like the built-in one', { profiles: { sandbox: {} } }],
  ])('refuses %s against the same schema reads use, leaving the file as it was', async (_what, data) => {
    await open().setSetting('output', 'json');
    const before = readFileSync(configFile());
    expect(() => writeConfigFile(join(home, 'config'), 'config', data as ConfigFile)).toThrow(/Config schema violation/);
    expect(() => checkConfigShape(data)).toThrow();
    expect(readFileSync(configFile()).equals(before)).toBe(true);
  });
});

describe('profiles', () => {
  it('removes a profile and forgets it as the current one', async () => {
    const store = open();
    await store.setProfile('prod', { base_url: 'https://a.example' });
    await store.setProfile('test', { base_url: 'https://b.example' });
    await store.setCurrentProfile('prod');
    expect(await store.removeProfile('prod')).toEqual({ removed: true, wasCurrent: true });
    expect(await store.removeProfile('prod')).toEqual({ removed: false, wasCurrent: false });
    expect(store.currentProfile()).toBeUndefined();
    expect(Object.keys(store.profiles())).toEqual(['test']);
  });

  it('drops undefined fields instead of storing nulls', async () => {
    const store = open();
    await store.setProfile('prod', { base_url: 'https://a.example', api_key: undefined, agency: '42' });
    expect(store.getProfile('prod')).toEqual({ base_url: 'https://a.example', agency: '42' });
    expect(store.getProfile('missing')).toBeUndefined();
  });

  it('checks "must be new" and "make current" under the lock, in one write', async () => {
    const store = open();
    await store.setProfile('prod', { base_url: 'https://a.example' }, { mustBeNew: true, makeCurrent: true });
    expect(store.currentProfile()).toBe('prod');
    // Another process added "beta" after this one looked: the second add must not replace it.
    await open().setProfile('beta', { base_url: 'https://first.example' });
    const before = readFileSync(configFile());
    await expect(store.setProfile('beta', { base_url: 'https://second.example' }, { mustBeNew: true })).rejects.toThrow('profile "beta" already exists; nothing was changed');
    expect(readFileSync(configFile()).equals(before)).toBe(true);
  });

  it('makes only a stored profile or the built-in one current', async () => {
    const store = open();
    await store.setProfile('prod', { base_url: 'https://a.example' });
    await open().removeProfile('prod');
    await expect(store.setCurrentProfile('prod')).rejects.toThrow('unknown profile "prod"; known profiles: sandbox');
    await store.setCurrentProfile('sandbox');
    expect(store.currentProfile()).toBe('sandbox');
  });

  it('refuses to store a profile under the built-in name', async () => {
    const store = open();
    await expect(store.setProfile('sandbox', { base_url: 'https://a.example' })).rejects.toThrow(UsageError);
  });
});

describe('settings', () => {
  it('sets, normalises, reads and unsets known settings', async () => {
    const store = open();
    await store.setSetting('output', 'yaml');
    await store.setSetting('timeout', ' 2.50 ');
    expect(store.getSetting('output')).toBe('yaml');
    expect(store.getSetting('timeout')).toBe('2.5');
    await store.unsetSetting('output');
    expect(store.settings()).toEqual({ timeout: '2.5' });
    // A second store sees what the first wrote: nothing is cached across processes.
    expect(open().getSetting('timeout')).toBe('2.5');
  });

  it('rejects unknown keys listing the valid ones, and invalid values naming the allowed ones', async () => {
    const store = open();
    expect(() => store.getSetting('colour')).toThrow('unknown setting "colour"; valid settings: output, color, timeout, no_input');
    await expect(store.setSetting('color', 'sometimes')).rejects.toThrow('color must be one of: auto, always, never (got "sometimes")');
    await expect(store.setSetting('timeout', '0')).rejects.toThrow('timeout must be a number of seconds from 1 to 600 (got "0")');
    await expect(store.setSetting('timeout', '')).rejects.toThrow(UsageError);
    expect(() => statSync(configFile())).toThrow(/ENOENT/);
  });
});
