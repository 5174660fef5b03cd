import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trekPaths } from '../../src/config/paths.js';
import { recordIds, rememberIds } from '../../src/history-record.js';
import { HISTORY_FILE, HISTORY_LIMIT, recentIds } from '../../src/history.js';
import { testFactory, useTempHome } from '../helpers/factory.js';

const { home: tempHome } = useTempHome();

function paths() {
  return trekPaths({ TREK_HOME: tempHome() });
}

describe('id history', () => {
  it('keeps ids per profile and kind, newest first, without repeats', () => {
    const p = paths();
    recordIds(p, 'sandbox', 'booking', [{ id: 'B1', label: 'first' }]);
    recordIds(p, 'sandbox', 'booking', [{ id: 'B2' }, { id: 'B3' }]);
    recordIds(p, 'sandbox', 'booking', [{ id: 'B1' }]);
    recordIds(p, 'prod', 'booking', [{ id: 'P1' }]);
    recordIds(p, 'sandbox', 'customer', [{ id: 12345 }]);

    // B1 moved to the top and kept the label it was first recorded with.
    expect(recentIds(p, 'sandbox', 'booking')).toEqual([{ id: 'B1', label: 'first' }, { id: 'B2' }, { id: 'B3' }]);
    expect(recentIds(p, 'prod', 'booking')).toEqual([{ id: 'P1' }]);
    expect(recentIds(p, 'sandbox', 'customer')).toEqual([{ id: '12345' }]);
    expect(recentIds(p, 'sandbox', 'override')).toEqual([]);
    expect(recentIds(p, 'sandbox', 'booking', 2).map((e) => e.id)).toEqual(['B1', 'B2']);
  });

  it(`keeps at most ${HISTORY_LIMIT} per kind, dropping the oldest`, () => {
    const p = paths();
    for (let i = 1; i <= HISTORY_LIMIT + 5; i++) recordIds(p, 'sandbox', 'service', [{ id: `S${i}` }]);
    const ids = recentIds(p, 'sandbox', 'service').map((e) => e.id);
    expect(ids).toHaveLength(HISTORY_LIMIT);
    expect(ids[0]).toBe(`S${HISTORY_LIMIT + 5}`);
    expect(ids.at(-1)).toBe('S6');
  });

  it('stores only plain ids and short single-line labels', () => {
    const p = paths();
    recordIds(p, 'sandbox', 'customer', [
      { id: 'C1', label: 'Ana\x1b]8;;http://evil\x07 Lima\nLine two\tand tab' },
      { id: 'has space' },
      { id: 'semi;colon' },
      { id: '' },
      { id: 'C2', label: 'x'.repeat(500) },
    ]);
    const entries = recentIds(p, 'sandbox', 'customer');
    expect(entries.map((e) => e.id)).toEqual(['C1', 'C2']);
    expect(entries[0].label).toBe('Ana Lima Line two and tab');
    expect(entries[1].label).toHaveLength(60);
    expect(entries[1].label!.endsWith('…')).toBe(true);
    const file = readFileSync(join(p.state, HISTORY_FILE), 'utf8');
    expect(file).not.toMatch(/[\x00-\x08\x0b-\x1f]/);
  });

  it('writes atomically, privately, and leaves no temp files', () => {
    const p = paths();
    recordIds(p, 'sandbox', 'booking', [{ id: 'B1' }]);
    recordIds(p, 'sandbox', 'booking', [{ id: 'B2' }]);
    expect(readdirSync(p.state)).toEqual([HISTORY_FILE]);
    expect(statSync(join(p.state, HISTORY_FILE)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(p.state, HISTORY_FILE), 'utf8'))).toEqual({
      version: 1,
      profiles: { sandbox: { booking: [{ id: 'B2' }, { id: 'B1' }] } },
    });
  });

  it('15 speed: showing the id that is already the most recent writes nothing; a new id or label does', () => {
    const p = paths();
    const file = join(p.state, HISTORY_FILE);
    recordIds(p, 'sandbox', 'booking', [{ id: 'B1', label: 'first' }]);
    const written = statSync(file).ino;
    // Each write is a new file renamed over the old one: the same inode means no write.
    recordIds(p, 'sandbox', 'booking', [{ id: 'B1' }]);
    recordIds(p, 'sandbox', 'booking', [{ id: 'B1', label: 'first' }]);
    expect(statSync(file).ino).toBe(written);
    recordIds(p, 'sandbox', 'booking', [{ id: 'B1', label: 'renamed' }]);
    expect(statSync(file).ino).not.toBe(written);
    expect(recentIds(p, 'sandbox', 'booking')).toEqual([{ id: 'B1', label: 'renamed' }]);
    const relabelled = statSync(file).ino;
    recordIds(p, 'sandbox', 'booking', [{ id: 'B2' }]);
    expect(statSync(file).ino).not.toBe(relabelled);
    expect(recentIds(p, 'sandbox', 'booking').map((e) => e.id)).toEqual(['B2', 'B1']);
  });

  it('treats a damaged file as empty and replaces it on the next record', () => {
    const p = paths();
    mkdirSync(p.state, { recursive: true });
    writeFileSync(join(p.state, HISTORY_FILE), '{"version":1,"profiles":{"sandbox":{"booking":[{"id":"B1"},');
    expect(recentIds(p, 'sandbox', 'booking')).toEqual([]);
    recordIds(p, 'sandbox', 'booking', [{ id: 'B9' }]);
    expect(recentIds(p, 'sandbox', 'booking')).toEqual([{ id: 'B9' }]);
  });

  it('keeps profile names such as __proto__ as plain data', () => {
    const p = paths();
    recordIds(p, '__proto__', 'booking', [{ id: 'B1' }]);
    expect(recentIds(p, '__proto__', 'booking')).toEqual([{ id: 'B1' }]);
    expect(recentIds(p, 'sandbox', 'booking')).toEqual([]);
  });

  it('never throws, even when the state directory cannot be written', () => {
    const home = tempHome();
    writeFileSync(join(home, 'state'), 'a file where the directory should be');
    const p = trekPaths({ TREK_HOME: home });
    expect(() => recordIds(p, 'sandbox', 'booking', [{ id: 'B1' }])).not.toThrow();
    expect(recentIds(p, 'sandbox', 'booking')).toEqual([]);
  });
});

describe('rememberIds', () => {
  function writeConfig(home: string, config: unknown) {
    mkdirSync(join(home, 'config'), { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'config', 'config.json'), JSON.stringify(config), { mode: 0o600 });
  }

  it('records under --profile, else TREK_PROFILE, else the current profile, else sandbox', () => {
    const home = tempHome();
    const p = trekPaths({ TREK_HOME: home });
    const record = (env: Record<string, string>, flag: string | undefined, id: string) => {
      const { f } = testFactory({ env: { TREK_HOME: home, ...env } });
      f.globals.profile = flag;
      rememberIds(f, 'booking', [{ id }]);
    };
    record({}, undefined, 'B-default');
    writeConfig(home, { current_profile: 'work', profiles: { work: { base_url: 'https://api.example' } } });
    record({}, undefined, 'B-current');
    record({ TREK_PROFILE: 'env' }, undefined, 'B-env');
    record({ TREK_PROFILE: 'env' }, 'flag', 'B-flag');

    expect(recentIds(p, 'sandbox', 'booking').map((e) => e.id)).toEqual(['B-default']);
    expect(recentIds(p, 'work', 'booking').map((e) => e.id)).toEqual(['B-current']);
    expect(recentIds(p, 'env', 'booking').map((e) => e.id)).toEqual(['B-env']);
    expect(recentIds(p, 'flag', 'booking').map((e) => e.id)).toEqual(['B-flag']);
  });
});
