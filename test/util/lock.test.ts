import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireFileLock, LockBusyError, withFileLock } from '../../src/util/lock.js';

let dir: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trek-test-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A plain node process that writes `<file>.lock` the way trek does and then sleeps. */
async function holderProcess(file: string): Promise<ChildProcess> {
  const script = `
    const { hostname } = require('node:os');
    require('node:fs').writeFileSync(process.argv[1] + '.lock', process.pid + ' ' + hostname() + ' t\\n');
    process.stdout.write('held\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return child;
}

describe('file lock', () => {
  it('13.4 a paused lock holder is never robbed: the waiter gives up naming its pid', async () => {
    const file = join(dir, 'state.json');
    const holder = await holderProcess(file);
    holder.kill('SIGSTOP');
    const error = await acquireFileLock(file, { waitMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockBusyError);
    expect((error as LockBusyError).holderPid).toBe(holder.pid);
    expect((error as Error).message).toContain(`process ${holder.pid}`);
    expect(readFileSync(`${file}.lock`, 'utf8')).toMatch(new RegExp(`^${holder.pid} `));
  });

  it('takes over a lock whose process was killed', async () => {
    const file = join(dir, 'state.json');
    const holder = await holderProcess(file);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const release = await acquireFileLock(file, { waitMs: 2_000 });
    expect(readFileSync(`${file}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('never takes a lock of another host (it cannot tell if that process lives)', async () => {
    const file = join(dir, 'state.json');
    writeFileSync(`${file}.lock`, '1 some-other-host t\n');
    await expect(acquireFileLock(file, { waitMs: 100 })).rejects.toBeInstanceOf(LockBusyError);
  });

  it('serialises concurrent critical sections in one process', async () => {
    const file = join(dir, 'counter');
    writeFileSync(file, '0');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        withFileLock(file, async () => {
          const n = Number(readFileSync(file, 'utf8'));
          await new Promise((resolve) => setTimeout(resolve, 1));
          writeFileSync(file, String(n + 1));
        }),
      ),
    );
    expect(readFileSync(file, 'utf8')).toBe('20');
  });

  it('release leaves a lock alone that is no longer ours', async () => {
    const file = join(dir, 'state.json');
    const release = await acquireFileLock(file);
    writeFileSync(`${file}.lock`, '999999 elsewhere x\n');
    release();
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe('999999 elsewhere x\n');
  });
});
