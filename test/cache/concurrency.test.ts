import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTrek, useTrekAgainstSandbox } from '../e2e/trek-process.js';
import { entryFiles } from './helpers.js';

const { env } = useTrekAgainstSandbox();

describe('local cache shared by processes', () => {
  it('two processes filling the cache at once leave only whole entries, which the next run uses', async () => {
    const search = ['search', 'departures', '--limit', '60', '-o', 'json'];
    // --refresh makes both write every page, the same entries at the same moment.
    const runs = await Promise.all([runTrek(['--refresh', ...search], env()), runTrek(['--refresh', ...search], env()), runTrek(['search', 'tour-dossiers', '--limit', '30', '-o', 'json'], env())]);
    for (const run of runs) expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(runs[1].stdout).toBe(runs[0].stdout);

    const files = entryFiles(env().TREK_HOME);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ trek_cache: 1, status: 200 });
    const keyFolder = join(files[0], '..');
    expect(readdirSync(keyFolder).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const again = await runTrek([...search, '--verbose'], env());
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(runs[0].stdout);
    expect(again.stderr).toMatch(/^cache hit: /m);
    expect(again.stderr).not.toMatch(/^> GET/m);
  });
});
