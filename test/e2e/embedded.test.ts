/**
 * Issue 3 acceptance, the embedded default profile: a fresh TREK_HOME with no profile, `node
 * bin/trek` in separate processes, the sandbox running in-process in each of them with its
 * state in the data dir.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, freshHome, REPO, runTrek, TREK_BIN, watch } from './trek-process.js';

const README_SEARCH = ['search', 'departures', '--where', 'availability.status=AVAILABLE', '--order-by', 'start_date', '--limit', '5'];

/** Single-quoted for sh. */
const quote = (word: string) => `'${word.replace(/'/g, "'\\''")}'`;

/** `trek ARGS` with stdout, stderr and stdin on a pseudo-terminal (util-linux `script`). */
async function runOnTerminal(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, TREK_BIN, ...args].map(quote).join(' ');
  // stty fixes the width, so the table is laid out the same on every machine.
  const child = spawn('script', ['-qec', `stty cols 120; ${command}`, '/dev/null'], { cwd: REPO, env: cleanEnv({ ...env, TERM: 'xterm' }) });
  const { code, stdout } = await watch(child).exited;
  return { code, output: stdout };
}

const withoutAnsi = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

describe('the built-in sandbox profile, with no profile configured', () => {
  it('answers the README search as JSON in a pipe: exactly 5 AVAILABLE departures in start_date order, the first of all matches', async () => {
    const home = freshHome();
    const limited = await runTrek([...README_SEARCH, '-o', 'json'], { TREK_HOME: home });
    expect(limited.code).toBe(0);
    expect(limited.stderr).toBe('');
    const five: any[] = JSON.parse(limited.stdout);
    expect(five).toHaveLength(5);
    for (const d of five) expect(d.availability.status).toBe('AVAILABLE');
    expect(existsSync(join(home, 'data', 'sandbox.json'))).toBe(true);

    // Every departure, more than fits a pipe buffer, filtered and sorted here: the first five.
    const everything = await runTrek(['search', 'departures', '--all', '-o', 'json'], { TREK_HOME: home });
    expect(everything.code).toBe(0);
    const all: any[] = JSON.parse(everything.stdout);
    expect(everything.stdout.length).toBeGreaterThan(65_536);
    const available = all.filter((d) => d.availability.status === 'AVAILABLE');
    const earliest = [...available].sort((a, b) => a.start_date.localeCompare(b.start_date)).slice(0, 5);
    expect(five.map((d) => d.start_date)).toEqual(earliest.map((d) => d.start_date));
    expect(five.map((d) => d.start_date)).toEqual([...five.map((d) => d.start_date)].sort());
  });

  it('prints the README search as a table on a terminal: the same five departures', async () => {
    const home = freshHome();
    const table = await runOnTerminal(README_SEARCH, { TREK_HOME: home });
    expect(table.code).toBe(0);
    const lines = withoutAnsi(table.output)
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    expect(lines[0].trim().split(/\s{2,}/)).toEqual(['ID', 'NAME', 'START', 'FINISH', 'AVAILABILITY', 'PLACES', 'PRICE', 'FLY IN', 'FLY OUT']);
    // On a terminal a list cut at --limit says so, last (stderr).
    expect(lines.at(-1)).toMatch(/^showing 5 of \d+ — --all or --limit N$/);
    const rows = lines.slice(1, -1).map((line) => line.trim().split(/\s{2,}/));
    const json: any[] = JSON.parse((await runTrek([...README_SEARCH, '-o', 'json'], { TREK_HOME: home })).stdout);
    // PLACES and PRICE (columns 5 and 6) are the views' own text, checked by the search tests.
    expect(rows.map((row) => [...row.slice(0, 5), ...row.slice(7)])).toEqual(
      json.map((d) => [d.id, d.name, d.start_date, d.finish_date, 'AVAILABLE', d.nearest_start_airport.code, d.nearest_finish_airport.code]),
    );
    // Colour on a terminal: AVAILABLE in green.
    expect(table.output).toContain('\x1b[32mAVAILABLE\x1b[39m');
  });

  it('keeps state across invocations: a booking created by one process is found by the next', async () => {
    const home = freshHome();
    const created = await runTrek(['api', 'POST', '/bookings/', '-f', 'currency=CAD', '-o', 'json'], { TREK_HOME: home });
    expect(created.code).toBe(0);
    const booking = JSON.parse(created.stdout);
    expect(booking.currency).toBe('CAD');
    const found = await runTrek(['api', 'GET', `/bookings/${booking.id}`], { TREK_HOME: home });
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout)).toEqual(booking);
    const missing = await runTrek(['api', 'GET', `/bookings/${booking.id}`], { TREK_HOME: freshHome() });
    expect(missing.code).toBe(4);
  });

  it('loses no booking when eight trek processes create them at once', async () => {
    const home = freshHome();
    // The first run creates the data file; the eight then race on an existing one.
    expect((await runTrek(['sandbox', 'keys', '--fields', 'key'], { TREK_HOME: home })).code).toBe(0);
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => runTrek(['api', 'POST', '/bookings/', '-f', 'currency=CAD', '-F', `external_id=racer-${i}`, '-o', 'json'], { TREK_HOME: home })),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const created = runs.map((run) => JSON.parse(run.stdout));
    expect(new Set(created.map((b) => b.id)).size).toBe(8);

    const listed = await runTrek(['api', 'GET', '/bookings/', '--paginate', '-o', 'json'], { TREK_HOME: home });
    expect(listed.code).toBe(0);
    const stored = new Map((JSON.parse(listed.stdout) as any[]).map((b) => [b.id, b.external_id]));
    for (const booking of created) expect(stored.get(booking.id)).toBe(booking.external_id);
  });

  it('refuses a data file of an unknown version with exit 2, naming it, and leaves it as it was', async () => {
    const home = freshHome();
    const file = join(home, 'data', 'sandbox.json');
    mkdirSync(dirname(file), { recursive: true });
    const text = JSON.stringify({ version: 99, collections: {} });
    writeFileSync(file, text);
    const result = await runTrek(README_SEARCH, { TREK_HOME: home });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `error: ${file} holds a sandbox snapshot of version 99, but this trek reads version 1; it was left untouched. Use the trek that wrote it, or move the file away to start a fresh sandbox.\n`,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('14.5/14.7 knows its own random keys: operator controls work on the built-in profile, and the keys stay with the data file', async () => {
    const home = freshHome();
    const moved = await runTrek(['sandbox', 'clock', 'advance', '2d', '-o', 'json'], { TREK_HOME: home });
    expect(moved.code, moved.stderr).toBe(0);
    const listed = await runTrek(['sandbox', 'keys', '-o', 'json'], { TREK_HOME: home });
    expect(listed.code, listed.stderr).toBe(0);
    const keys: Array<{ key: string; agent_id: string }> = JSON.parse(listed.stdout);
    expect(keys.map((k) => k.agent_id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    for (const { key } of keys) expect(key).toMatch(/^sandbox-agent-[0-9a-f]{32}$/);
    // An agent's key from the list works against the same data file in the next process.
    const other = await runTrek(['agent', 'me', '--fields', 'id', '-o', 'json'], { TREK_HOME: home, TREK_API_KEY: keys[2].key });
    expect(other.code, other.stderr).toBe(0);
    expect(JSON.parse(other.stdout)).toEqual({ id: '3' });
    const elsewhere = await runTrek(['sandbox', 'keys', '-o', 'json'], { TREK_HOME: freshHome() });
    expect(JSON.parse(elsewhere.stdout).map((k: { key: string }) => k.key)).not.toContain(keys[0].key);
  });

  it('lets a reader stop early: `| head -1` on a streamed search ends quietly', async () => {
    // The exit status is trek's, not head's.
    const child = spawn('bash', ['-c', `${[process.execPath, TREK_BIN, 'search', 'departures', '--all', '-o', 'ndjson'].map(quote).join(' ')} | head -1; exit "\${PIPESTATUS[0]}"`], {
      cwd: REPO,
      env: cleanEnv({ TREK_HOME: freshHome() }),
    });
    const { code, stdout, stderr } = await watch(child).exited;
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout).id).toBeDefined();
  });
});
