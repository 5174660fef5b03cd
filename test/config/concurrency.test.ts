import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trekPaths } from '../../src/config/paths.js';
import { ConfigError, openConfig } from '../../src/config/store.js';
import { exitCodeFor } from '../../src/main.js';
import { acquireFileLock } from '../../src/util/lock.js';
import { freshHome, runTrek } from '../e2e/trek-process.js';

let home: string;
beforeEach(() => {
  home = freshHome();
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

const configFile = () => join(home, 'config', 'config.json');
const storedProfiles = () => Object.keys(JSON.parse(readFileSync(configFile(), 'utf8')).profiles ?? {}).sort();
const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`);
const trek = (...args: string[]) => runTrek(args, { TREK_HOME: home, NO_COLOR: '1' });
const add = (name: string) => trek('profile', 'add', name, '--base-url', 'https://api.example.com');

describe('13.3 profiles changed by parallel trek processes', () => {
  // Real processes, started together: each reads, changes and writes the file under the lock.
  it('13.3 twenty `trek profile add` at once keep all twenty', { timeout: 120_000 }, async () => {
    const added = names('p', 20);
    const results = await Promise.all(added.map(add));
    expect(
      results.map((r) => r.code),
      results.map((r) => r.stderr).join(''),
    ).toEqual(added.map(() => 0));
    expect(storedProfiles()).toEqual(added);
  });

  it('13.3 a profile removed while others are added never comes back', { timeout: 120_000 }, async () => {
    const removed = names('r', 8);
    const added = names('a', 8);
    mkdirSync(join(home, 'config'), { mode: 0o700 });
    const profiles = Object.fromEntries(removed.map((name) => [name, { base_url: 'https://api.example.com' }]));
    writeFileSync(configFile(), JSON.stringify({ profiles, current_profile: removed[0] }), { mode: 0o600 });

    const results = await Promise.all([...removed.map((name) => trek('profile', 'remove', name, '--yes')), ...added.map(add)]);
    expect(
      results.map((r) => r.code),
      results.map((r) => r.stderr).join(''),
    ).toEqual(results.map(() => 0));
    expect(storedProfiles()).toEqual(added);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).current_profile).toBeUndefined();
  });
});

describe('13.3 the config lock', () => {
  it('13.3 a change waiting on a live holder gives up with exit 2, naming the holder, and writes nothing', async () => {
    const paths = trekPaths({ TREK_HOME: home });
    const store = openConfig(paths, { lockWaitMs: 200 });
    await store.setSetting('color', 'never');
    const before = readFileSync(configFile(), 'utf8');
    // This test process is the live holder: never robbed, so the change must give up.
    const release = await acquireFileLock(configFile());
    try {
      const error = await store.setSetting('color', 'always').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(`cannot write the config file ${configFile()}: ${configFile()}.lock is held by process ${process.pid}`);
      expect((error as Error).message).toContain('Nothing was changed.');
      expect(exitCodeFor(error)).toBe(2);
    } finally {
      release();
    }
    expect(readFileSync(configFile(), 'utf8')).toBe(before);
    await store.setSetting('color', 'always');
    expect(store.getSetting('color')).toBe('always');
  });
});

describe('13.4 TREK_LOCK_WAIT_MS', () => {
  it('13.4 sets how long a config change waits for a live holder, and a bad value is exit 2 naming it', async () => {
    const withWait = (wait: string) => runTrek(['config', 'set', 'color', 'never'], { TREK_HOME: home, NO_COLOR: '1', TREK_LOCK_WAIT_MS: wait });
    expect((await withWait('100')).code).toBe(0);
    const release = await acquireFileLock(configFile());
    try {
      const waited = await withWait('100');
      expect(waited.code).toBe(2);
      expect(waited.stderr).toContain(`${configFile()}.lock is held by process ${process.pid}`);
    } finally {
      release();
    }
    const bad = await withWait('soon');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('TREK_LOCK_WAIT_MS must be a whole number of milliseconds from 0 to 600000 (got "soon")');
  });
});
