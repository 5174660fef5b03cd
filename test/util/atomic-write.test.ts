import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAtomicTempOf, writeFileAtomicSync } from '../../src/util/atomic-write.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trek-test-atomic-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomicSync', () => {
  it('replaces the file with mode 0600 and leaves no temp file', () => {
    const file = join(dir, 'config.json');
    writeFileSync(file, 'old', { mode: 0o644 });
    writeFileAtomicSync(file, '{"new":true}');
    expect(readFileSync(file, 'utf8')).toBe('{"new":true}');
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('14.3 replaces a planted symlink instead of writing through it', () => {
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious');
    const file = join(dir, 'history.json');
    symlinkSync(victim, file);
    writeFileAtomicSync(file, 'data');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('data');
  });

  it('recognises only its own temp names as leftovers', () => {
    const file = join(dir, 'a.json');
    expect(isAtomicTempOf(file, '.a.json.Zx_9.tmp')).toBe(true);
    expect(isAtomicTempOf(file, 'a.json')).toBe(false);
    expect(isAtomicTempOf(file, '.b.json.Zx_9.tmp')).toBe(false);
  });

  it('fails with the fs error and removes its temp file when the target cannot be replaced', () => {
    const file = join(dir, 'sub');
    // A non-empty folder where the file goes: rename fails after the temp was written.
    mkdirSync(join(file, 'inner'), { recursive: true });
    expect(() => writeFileAtomicSync(file, 'data')).toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(readdirSync(dir)).toEqual(['sub']);
  });
});
