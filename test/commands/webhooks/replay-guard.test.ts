/**
 * Issue 17: the record of event ids `trek webhooks listen` keeps per profile. Bounded, kept
 * whole under concurrent listeners (lock + atomic write), and a damaged file is started over
 * with a warning rather than trusted or fatal.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReplayGuard } from '../../../src/webhooks/replay-guard.js';
import { tempHome } from '../../helpers/factory.js';

function guardIn(dir: string, options: { limit?: number } = {}) {
  const warnings: string[] = [];
  const guard = new ReplayGuard(join(dir, 'seen.json'), { lockWaitMs: 20_000, warn: (line) => warnings.push(line), ...options });
  return { guard, warnings, file: join(dir, 'seen.json') };
}

const idsOnDisk = (file: string): string[] => JSON.parse(readFileSync(file, 'utf8')).ids;

describe('17 the replay guard of trek webhooks listen', () => {
  it('17 an id is new once; a second claim, or a second copy in one claim, is a repeat', async () => {
    const { guard } = guardIn(tempHome());
    expect([...(await guard.claim(['evt_1', 'evt_2', 'evt_1']))]).toEqual(['evt_1', 'evt_2']);
    expect([...(await guard.claim(['evt_2', 'evt_3']))]).toEqual(['evt_3']);
  });

  it('17 a released id is new again (a delivery that could not be handled)', async () => {
    const { guard } = guardIn(tempHome());
    await guard.claim(['evt_1']);
    await guard.release(['evt_1']);
    expect([...(await guard.claim(['evt_1']))]).toEqual(['evt_1']);
  });

  it('17 the record is bounded: the oldest ids go first', async () => {
    const { guard, file } = guardIn(tempHome(), { limit: 3 });
    for (const id of ['a', 'b', 'c', 'd', 'e']) await guard.claim([id]);
    expect(idsOnDisk(file)).toEqual(['c', 'd', 'e']);
    expect([...(await guard.claim(['a', 'e']))]).toEqual(['a']);
  });

  it('17 two listeners claiming at once lose no id and take each id exactly once', async () => {
    const dir = tempHome();
    const one = guardIn(dir).guard;
    const two = guardIn(dir).guard;
    const ids = Array.from({ length: 40 }, (_, i) => `evt_${i}`);
    // Each id is offered to both guards at the same moment: exactly one of them may take it.
    const taken = await Promise.all(ids.flatMap((id) => [one.claim([id]), two.claim([id])]));
    const winners = taken.map((set) => set.size);
    for (let i = 0; i < ids.length; i++) expect(winners[2 * i]! + winners[2 * i + 1]!).toBe(1);
    expect(idsOnDisk(join(dir, 'seen.json')).sort()).toEqual([...ids].sort());
  });

  it('17 a damaged record is reported and started over, not trusted', async () => {
    const { guard, warnings, file } = guardIn(tempHome());
    writeFileSync(file, '{"version":1,"ids":[1,2');
    expect([...(await guard.claim(['evt_1']))]).toEqual(['evt_1']);
    expect(warnings).toEqual([`${file} is damaged; the events seen before are forgotten and the file is started over`]);
    expect(idsOnDisk(file)).toEqual(['evt_1']);
  });

  it('17 a record planted as a symlink is neither read through nor written through', async () => {
    const dir = tempHome();
    const elsewhere = join(dir, 'elsewhere.json');
    writeFileSync(elsewhere, JSON.stringify({ version: 1, ids: ['evt_planted'] }));
    mkdirSync(join(dir, 'state'));
    const { guard, file } = guardIn(join(dir, 'state'));
    symlinkSync(elsewhere, file);
    await expect(guard.claim(['evt_planted'])).rejects.toThrow();
    expect(idsOnDisk(elsewhere)).toEqual(['evt_planted']);
  });
});
