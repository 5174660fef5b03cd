/**
 * Issue 30, finding 5: `trek sandbox serve --data F` on files another local user owns or may
 * write. User A's store would hand its keys to user B and take B's customers into A's journal;
 * so a data file, journal or lock that is not the user's own, or that group or others may
 * write, is refused (exit 2), naming the file and the fix, and left as it is.
 *
 * Giving a file to another user needs root (CI runs as root); elsewhere those tests skip,
 * saying why. The group/world-writable cases need no one else.
 */
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { main } from '../../src/main.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { testFactory } from '../helpers/factory.js';
import { NOW } from '../helpers/clock.js';
import { underCi } from '../helpers/programs.js';

/** The uid of `nobody`: another user, who owns nothing of ours. */
const ANOTHER_USER = 65534;

let dir: string;
let made = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'trek-data-owner-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A data file with a journal (one write after the snapshot), as `sandbox serve` leaves it. */
async function dataFileWithJournal(): Promise<string> {
  const file = join(dir, `sandbox-${++made}.json`);
  const sandbox = await startSandbox({ now: NOW, dataFile: file, size: 20, port: 0 });
  const answer = await fetch(`${sandbox.baseUrl}/bookings/`, { method: 'POST', headers: { 'x-application-key': sandbox.apiKey, 'content-type': 'application/json' }, body: '{"currency":"CAD"}' });
  expect(answer.status).toBe(201);
  await sandbox.close();
  expect(statSync(`${file}.journal`).size).toBeGreaterThan(0);
  return file;
}

/** `trek sandbox serve --data FILE` in process: refused before it listens. */
async function serve(file: string) {
  const t = testFactory({ env: { TREK_HOME: join(dir, 'home') } });
  const code = await main(['sandbox', 'serve', '--data', file, '--port', '0'], t.f);
  return { code, out: t.out(), err: t.err() };
}

function needsRoot(ctx: TestContext): void {
  if (process.getuid?.() === 0) return;
  const reason = 'giving a file to another user needs root';
  if (underCi()) throw new Error(`${reason}: under CI this test must run, not skip`);
  console.warn(`skipping the test of files another user owns: ${reason}`);
  ctx.skip(reason);
}

const contents = (file: string) => [readFileSync(file, 'utf8'), readFileSync(`${file}.journal`, 'utf8')];

describe('30 sandbox serve --data refuses files another user owns or may write', () => {
  it.for([
    ['data file', ''],
    ['journal', '.journal'],
  ] as const)('30 the %s belonging to another user (mode 0644): refused, exit 2, naming it and the fix; nothing printed of its keys, nothing appended', async ([what, suffix], ctx) => {
    needsRoot(ctx);
    const file = await dataFileWithJournal();
    const before = contents(file);
    chownSync(`${file}${suffix}`, ANOTHER_USER, ANOTHER_USER);
    chmodSync(`${file}${suffix}`, 0o644);
    const run = await serve(file);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`refusing the sandbox ${what} ${file}${suffix}: it belongs to another user (uid ${ANOTHER_USER}; you are uid 0)`);
    expect(run.err).toContain(`sudo chown 0 ${file}${suffix}`);
    expect(run.out).toBe('');
    expect(run.err).not.toMatch(/TREK_API_KEY=|api_key/);
    expect(contents(file)).toEqual(before);
  });

  it("30 a lock held in another user's name: refused, naming it", async (ctx) => {
    needsRoot(ctx);
    const file = await dataFileWithJournal();
    writeFileSync(`${file}.lock`, '1 elsewhere token\n', { mode: 0o600 });
    chownSync(`${file}.lock`, ANOTHER_USER, ANOTHER_USER);
    const run = await serve(file);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`refusing the sandbox lock ${file}.lock: it belongs to another user`);
  });

  it.each([
    ['data file', '', 0o664, 'its group'],
    ['journal', '.journal', 0o666, 'its group and others'],
    ['data file', '', 0o602, 'others'],
  ])('30 a %s of the user writable by others (mode %o): refused, naming it and chmod 600', async (what, suffix, mode, who) => {
    const file = await dataFileWithJournal();
    const before = contents(file);
    chmodSync(`${file}${suffix}`, mode);
    const run = await serve(file);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`refusing the sandbox ${what} ${file}${suffix}: it is writable by ${who}`);
    expect(run.err).toContain(`chmod 600 ${file}${suffix}`);
    expect(contents(file)).toEqual(before);
  });

  it("30 the files as sandbox serve makes them (the user's own, 0600) are used", async () => {
    const file = await dataFileWithJournal();
    expect([statSync(file).mode & 0o777, statSync(`${file}.journal`).mode & 0o777]).toEqual([0o600, 0o600]);
    const sandbox = await startSandbox({ now: NOW, dataFile: file, port: 0 });
    await sandbox.close();
  });
});
