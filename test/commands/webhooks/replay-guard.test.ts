/**
 * Issues 17 and 30: the record `trek webhooks listen` keeps of the events whose job is done.
 * Claimed first, done only once completed; a claim lapses when its process is gone or its time
 * is up; one file per job. Bounded, kept whole under concurrent listeners (lock + atomic write),
 * and a damaged file is started over with a warning rather than trusted or fatal.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAIM_TTL_MS, guardFileName, ReplayGuard } from '../../../src/webhooks/replay-guard.js';
import { tempHome } from '../../helpers/factory.js';

function guardIn(dir: string, options: { limit?: number; now?: () => number } = {}) {
  const warnings: string[] = [];
  const guard = new ReplayGuard(join(dir, 'seen.json'), { lockWaitMs: 20_000, warn: (line) => warnings.push(line), ...options });
  return { guard, warnings, file: join(dir, 'seen.json') };
}

const idsOnDisk = (file: string): string[] => JSON.parse(readFileSync(file, 'utf8')).done;

/** Claims and completes: what a listener does with an event it handled. */
async function take(guard: ReplayGuard, keys: string[]): Promise<string[]> {
  const { fresh } = await guard.claim(keys);
  await guard.complete(fresh);
  return [...fresh];
}

describe('17 the replay guard of trek webhooks listen', () => {
  it('17 an id is new once; a second claim, or a second copy in one claim, is a repeat', async () => {
    const { guard } = guardIn(tempHome());
    expect(await take(guard, ['evt_1', 'evt_2', 'evt_1'])).toEqual(['evt_1', 'evt_2']);
    const again = await guard.claim(['evt_2', 'evt_3']);
    expect([[...again.fresh], [...again.done], [...again.busy]]).toEqual([['evt_3'], ['evt_2'], []]);
  });

  it('17 a released id is new again (a delivery that could not be handled)', async () => {
    const { guard } = guardIn(tempHome());
    await guard.claim(['evt_1']);
    await guard.release(['evt_1']);
    expect(await take(guard, ['evt_1'])).toEqual(['evt_1']);
  });

  it('30 a claimed id is not done: another listener sees it in progress, and free once released; done only once completed', async () => {
    const dir = tempHome();
    const one = guardIn(dir).guard;
    const two = guardIn(dir).guard;
    expect([...(await one.claim(['evt_1'])).fresh]).toEqual(['evt_1']);
    expect(idsOnDisk(join(dir, 'seen.json'))).toEqual([]);
    expect([...(await two.claim(['evt_1'])).busy]).toEqual(['evt_1']);
    await one.complete(['evt_1']);
    expect([...(await two.claim(['evt_1'])).done]).toEqual(['evt_1']);
  });

  it('30 a claim lapses at once when the process that made it is gone (kill -9), and after its time otherwise', async () => {
    const dir = tempHome();
    const file = join(dir, 'seen.json');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const claim = (pid: number) => ({ pid, host: hostname(), token: 'elsewhere', until: Date.now() + CLAIM_TTL_MS });
    writeFileSync(file, JSON.stringify({ version: 2, done: [], claims: { evt_dead: claim(dead), evt_live: claim(process.pid) } }));
    let now = Date.now();
    const { guard } = guardIn(dir, { now: () => now });
    const first = await guard.claim(['evt_dead', 'evt_live']);
    expect([[...first.fresh], [...first.busy]]).toEqual([['evt_dead'], ['evt_live']]);
    now += CLAIM_TTL_MS + 1;
    expect([...(await guard.claim(['evt_live'])).fresh]).toEqual(['evt_live']);
  });

  it('30 one record per job: the profile, the forward target and the cache each make another file', () => {
    const job = { profile: 'live', forwardTo: 'http://127.0.0.1:3000/hooks', cache: null };
    const names = [job, { ...job, forwardTo: null }, { ...job, cache: 'https://api.example' }, { ...job, profile: 'other' }, { ...job, forwardTo: null, cache: 'https://api.example' }].map(
      guardFileName,
    );
    expect(new Set(names).size).toBe(5);
    expect(guardFileName({ ...job })).toBe(names[0]);
    expect(names[0]).toMatch(/^webhook-events-live-[0-9a-f]{16}\.json$/);
  });

  it('17 the record is bounded: the oldest ids go first', async () => {
    const { guard, file } = guardIn(tempHome(), { limit: 3 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) await take(guard, [id]);
    expect(idsOnDisk(file)).toEqual(['c', 'd', 'e']);
    expect(await take(guard, ['a', 'e'])).toEqual(['a']);
  });

  it('17 two listeners claiming at once lose no id and take each id exactly once', async () => {
    const dir = tempHome();
    const one = guardIn(dir).guard;
    const two = guardIn(dir).guard;
    const ids = Array.from({ length: 40 }, (_, i) => `evt_${i}`);
    // Each id is offered to both guards at the same moment: exactly one of them may take it.
    const taken = await Promise.all(ids.flatMap((id) => [take(one, [id]), take(two, [id])]));
    const winners = taken.map((fresh) => fresh.length);
    for (let i = 0; i < ids.length; i++) expect(winners[2 * i] + winners[2 * i + 1]).toBe(1);
    expect(idsOnDisk(join(dir, 'seen.json')).sort()).toEqual([...ids].sort());
  });

  it('17 a damaged record is reported and started over, not trusted', async () => {
    const { guard, warnings, file } = guardIn(tempHome());
    writeFileSync(file, '{"version":2,"done":[1,2');
    expect(await take(guard, ['evt_1'])).toEqual(['evt_1']);
    expect(warnings).toEqual([`${file} is damaged; the events seen before are forgotten and the file is started over`]);
    expect(idsOnDisk(file)).toEqual(['evt_1']);
  });

  it('17 a record planted as a symlink is neither read through nor written through', async () => {
    const dir = tempHome();
    const elsewhere = join(dir, 'elsewhere.json');
    writeFileSync(elsewhere, JSON.stringify({ version: 2, done: ['evt_planted'], claims: {} }));
    mkdirSync(join(dir, 'state'));
    const { guard, file } = guardIn(join(dir, 'state'));
    symlinkSync(elsewhere, file);
    await expect(guard.claim(['evt_planted'])).rejects.toThrow();
    expect(idsOnDisk(elsewhere)).toEqual(['evt_planted']);
  });
});
