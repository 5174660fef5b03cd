import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trekPaths } from '../../src/config/paths.js';
import { recordIds } from '../../src/history-record.js';
import { HISTORY_FILE, recentIds } from '../../src/history.js';
import { useTempHome } from '../helpers/factory.js';

const { home, configFile, trek } = useTempHome();

/** Another user of the machine; tests run as root in CI, so chown works there. */
const OTHER_UID = 65534;
const isRoot = process.getuid?.() === 0;
if (!isRoot) console.log('skipping the tests that chown a file to another user: they need root (CI runs them as root)');

const addProfile = (name = 'prod') => trek(['profile', 'add', name, '--base-url', 'https://api.example.com', '--api-key-stdin'], { stdin: 'KEY-123\n' });

function writeConfig(content: unknown, mode = 0o600): void {
  mkdirSync(join(home(), 'config'), { recursive: true, mode: 0o700 });
  writeFileSync(configFile(), JSON.stringify(content), { mode });
  chmodSync(configFile(), mode);
}

/** A file outside trek's folders that a planted link points at. */
function victimFile(): string {
  const victim = join(home(), 'victim.txt');
  writeFileSync(victim, "precious, not trek's");
  return victim;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('14.3 a shared or pre-created TREK_HOME', () => {
  it('14.3 a symlink planted at the old predictable temp name is never written through', () => {
    const paths = trekPaths({ TREK_HOME: home() });
    mkdirSync(paths.state, { mode: 0o700 });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    // The name the history writer used to open with 'w': history.json.<pid>.<ms>.tmp
    const planted = join(paths.state, `${HISTORY_FILE}.${process.pid}.${now}.tmp`);
    const victim = victimFile();
    symlinkSync(victim, planted);

    recordIds(paths, 'sandbox', 'booking', [{ id: 'B1' }]);

    expect(readFileSync(victim, 'utf8')).toBe("precious, not trek's");
    expect(recentIds(paths, 'sandbox', 'booking')).toEqual([{ id: 'B1' }]);
    expect(readdirSync(paths.state).sort()).toEqual([HISTORY_FILE, planted.slice(paths.state.length + 1)].sort());
  });

  it('14.3 a symlink planted at history.json is replaced, not written through, and never read', () => {
    const paths = trekPaths({ TREK_HOME: home() });
    mkdirSync(paths.state, { mode: 0o700 });
    const victim = join(home(), 'planted-history.json');
    writeFileSync(victim, JSON.stringify({ version: 1, profiles: { sandbox: { booking: [{ id: 'PLANTED' }] } } }));
    const before = readFileSync(victim, 'utf8');
    symlinkSync(victim, join(paths.state, HISTORY_FILE));

    expect(recentIds(paths, 'sandbox', 'booking')).toEqual([]);
    recordIds(paths, 'sandbox', 'booking', [{ id: 'B1' }]);
    expect(readFileSync(victim, 'utf8')).toBe(before);
    expect(lstatSync(join(paths.state, HISTORY_FILE)).isSymbolicLink()).toBe(false);
    expect(recentIds(paths, 'sandbox', 'booking')).toEqual([{ id: 'B1' }]);
  });

  it('14.3 a symlink planted at config.json is refused, and the file it points to stays untouched', async () => {
    const victim = victimFile();
    mkdirSync(join(home(), 'config'), { mode: 0o700 });
    symlinkSync(victim, configFile());

    const added = await addProfile();
    expect(added.code).toBe(2);
    expect(added.err).toContain(`cannot use the config file ${configFile()}: it is a symbolic link`);
    expect(added.err).toContain('replace the link with a copy of the file it points to');
    const listed = await trek(['profile', 'list']);
    expect(listed.code).toBe(2);
    expect(readFileSync(victim, 'utf8')).toBe("precious, not trek's");
    expect(lstatSync(configFile()).isSymbolicLink()).toBe(true);
  });

  it.each([
    ['TREK_HOME itself', () => home()],
    ['the config folder', () => join(home(), 'config')],
  ])('14.3 a group- or world-writable trek folder (%s) is refused (exit 2) with the chmod that fixes it', async (_label, folder) => {
    mkdirSync(join(home(), 'config'), { recursive: true, mode: 0o700 });
    for (const mode of [0o770, 0o707]) {
      chmodSync(folder(), mode);
      const listed = await trek(['profile', 'list']);
      expect(listed.code).toBe(2);
      expect(listed.err).toContain(`refusing to use the folder ${folder()}: it is writable by`);
      expect(listed.err).toContain(`Fix: chmod 700 ${folder()}`);
      const added = await addProfile();
      expect(added.code).toBe(2);
      expect(existsSync(configFile())).toBe(false);
    }
    // Fixed as the message says, trek works again.
    chmodSync(folder(), 0o700);
    expect((await addProfile()).code).toBe(0);
  });

  it('14.3 a group-writable data folder is refused before the built-in sandbox writes its snapshot or socket there', async () => {
    const data = trekPaths({ TREK_HOME: home() }).data;
    mkdirSync(data, { recursive: true, mode: 0o700 });
    chmodSync(data, 0o770);
    for (const args of [
      ['search', 'departures', '--limit', '1', '-o', 'json'],
      ['sandbox', 'reset', '--yes'],
    ]) {
      const result = await trek(args);
      expect(result.code).toBe(2);
      expect(result.err).toContain(`Fix: chmod 700 ${data}`);
      expect(readdirSync(data)).toEqual([]);
    }
    chmodSync(data, 0o700);
    const searched = await trek(['search', 'departures', '--limit', '1', '-o', 'json']);
    expect(searched.code).toBe(0);
    expect(JSON.parse(searched.out)).toHaveLength(1);
  });

  it('14.3 a group-writable XDG config folder is refused the same way', async () => {
    const xdg = join(home(), 'xdg');
    mkdirSync(join(xdg, 'trek'), { recursive: true });
    chmodSync(join(xdg, 'trek'), 0o775);
    const result = await trek(['config', 'list'], { env: { TREK_HOME: '', XDG_CONFIG_HOME: xdg, XDG_STATE_HOME: xdg, XDG_DATA_HOME: xdg, XDG_CACHE_HOME: xdg } });
    expect(result.code).toBe(2);
    expect(result.err).toContain(`chmod 700 ${join(xdg, 'trek')}`);
  });

  it('14.3 the id history is neither read from nor written to a group-writable state folder', () => {
    const paths = trekPaths({ TREK_HOME: home() });
    mkdirSync(paths.state, { mode: 0o700 });
    writeFileSync(join(paths.state, HISTORY_FILE), JSON.stringify({ version: 1, profiles: { sandbox: { booking: [{ id: 'PLANTED' }] } } }), { mode: 0o600 });
    chmodSync(paths.state, 0o777);
    expect(recentIds(paths, 'sandbox', 'booking')).toEqual([]);
    recordIds(paths, 'sandbox', 'booking', [{ id: 'B1' }]);
    chmodSync(paths.state, 0o700);
    expect(recentIds(paths, 'sandbox', 'booking')).toEqual([{ id: 'PLANTED' }]);
  });

  it('14.3 a config file that holds a key and is readable by group or others is refused: chmod 600', async () => {
    writeConfig({ profiles: { prod: { base_url: 'https://api.example.com', api_key: 'KEY-123' } } }, 0o640);
    const before = readFileSync(configFile());
    const result = await trek(['profile', 'list']);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`cannot use the config file ${configFile()}: it holds an API key and is readable by its group (mode 640)`);
    expect(result.err).toContain(`make it private: chmod 600 ${configFile()}`);
    expect(result.err).not.toContain('KEY-123');
    expect(readFileSync(configFile()).equals(before)).toBe(true);
    expect(statSync(configFile()).mode & 0o777).toBe(0o640);
  });

  it('14.3 a readable config file without keys is used, and made 0600 by the next change', async () => {
    writeConfig({ settings: { color: 'never' } }, 0o644);
    expect((await trek(['config', 'get', 'color'])).code).toBe(0);
    expect((await addProfile()).code).toBe(0);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
  });

  it('14.3 a group-writable config file is refused even without keys', async () => {
    writeConfig({ settings: { color: 'never' } }, 0o660);
    const result = await trek(['config', 'get', 'color']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('it is writable by its group (mode 660)');
    expect(result.err).toContain(`chmod 600 ${configFile()}`);
  });

  it.runIf(isRoot)('14.3 a config file owned by another user is refused, and keeps its owner and bytes', async () => {
    writeConfig({ profiles: { prod: { base_url: 'https://api.example.com' } } });
    chownSync(configFile(), OTHER_UID, OTHER_UID);
    const before = readFileSync(configFile());

    const listed = await trek(['profile', 'list']);
    expect(listed.code).toBe(2);
    expect(listed.err).toContain(`cannot use the config file ${configFile()}: it belongs to another user (uid ${OTHER_UID}; you are uid 0)`);
    expect(listed.err).toContain(`sudo chown 0 ${configFile()}`);
    const added = await addProfile('second');
    expect(added.code).toBe(2);
    expect(readFileSync(configFile()).equals(before)).toBe(true);
    expect(statSync(configFile()).uid).toBe(OTHER_UID);
  });

  it.runIf(isRoot)('14.3 a TREK_HOME owned by another user is refused, naming the chown that fixes it', async () => {
    chownSync(home(), OTHER_UID, OTHER_UID);
    const result = await addProfile();
    expect(result.code).toBe(2);
    expect(result.err).toContain(`refusing to use the folder ${home()}: it belongs to another user (uid ${OTHER_UID}; you are uid 0)`);
    expect(result.err).toContain(`sudo chown 0 ${home()}`);
    expect(existsSync(join(home(), 'config'))).toBe(false);
  });
});

describe('Keep: what trek creates is private', () => {
  it('files are 0600 and folders 0700 under umask 022, and no temp or lock file is left', async () => {
    const previous = process.umask(0o022);
    try {
      // A TREK_HOME that does not exist yet: trek creates it, and its folders, itself.
      const fresh = join(home(), 'new-home');
      const added = await trek(['profile', 'add', 'prod', '--base-url', 'https://api.example.com', '--api-key-stdin'], { stdin: 'KEY\n', env: { TREK_HOME: fresh } });
      expect(added.code).toBe(0);
      const paths = trekPaths({ TREK_HOME: fresh });
      recordIds(paths, 'prod', 'booking', [{ id: 'B1' }]);
      const mode = (path: string) => statSync(path).mode & 0o777;
      expect([fresh, paths.config, paths.state].map(mode)).toEqual([0o700, 0o700, 0o700]);
      expect([join(paths.config, 'config.json'), join(paths.state, HISTORY_FILE)].map(mode)).toEqual([0o600, 0o600]);
      expect(readdirSync(paths.config)).toEqual(['config.json']);
      expect(readdirSync(paths.state)).toEqual([HISTORY_FILE]);
    } finally {
      process.umask(previous);
      rmSync(join(home(), 'new-home'), { recursive: true, force: true });
    }
  });
});
