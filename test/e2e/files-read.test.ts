/**
 * Start-up is fast by structure (build.mjs): --version and --help read only the entry bundle,
 * completion adds the engine's, and only a command reads the commands' code. Which of trek's own
 * files a real process read is what this checks; how long it took is bench/startup.mjs's job.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, freshHome, REPO, TREK_BIN, watch } from './trek-process.js';

/** Runs trek with a hook that prints, at exit, the bundles of dist/ it loaded, but bin/trek's own helpers: dist/paths.cjs (the cache's folder) and dist/bundle-loader.cjs (Node 20's code cache). */
async function distFilesRead(args: string[]): Promise<string[]> {
  const home = freshHome();
  const hook = join(home, 'files-read.cjs');
  writeFileSync(
    hook,
    `process.on('exit', () => process.stderr.write('\\nREAD ' + JSON.stringify(Object.keys(require.cache).filter((f) => f.startsWith(${JSON.stringify(join(REPO, 'dist'))}) && !/(paths|bundle-loader)\\.cjs$/.test(f)).map((f) => require('node:path').basename(f)).sort())));`,
  );
  const finished = await watch(spawn(process.execPath, ['-r', hook, TREK_BIN, ...args], { env: cleanEnv({ TREK_HOME: home }) })).exited;
  expect(finished.code, finished.stderr).toBe(0);
  return JSON.parse(/\nREAD (.*)$/.exec(finished.stderr)![1]) as string[];
}

describe('which bundles a command reads', () => {
  it('--version and --help read the entry alone; completion adds the engine; a command its code', async () => {
    const [version, help, complete, command] = await Promise.all([
      distFilesRead(['--version']),
      distFilesRead(['--help']),
      distFilesRead(['__complete', 'bo']),
      distFilesRead(['config', 'list', '-o', 'json']),
    ]);
    expect(version).toEqual(['trek.cjs']);
    expect(help).toEqual(['trek.cjs']);
    expect(complete).toEqual(['complete.cjs', 'trek.cjs']);
    expect(command).toEqual(expect.arrayContaining(['commands.cjs', 'trek.cjs']));
    expect(command).not.toContain('undici.cjs');
  });
});
