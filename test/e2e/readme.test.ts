/**
 * The README's examples are meant to be pasted. This runs its scripted workflow and the script
 * half of every command group's example block, in README order, in one bash session, through
 * `trek` on PATH with the built-in sandbox and a fresh TREK_HOME. Each line must exit 0, or
 * the code its trailing comment promises ("exit 2"). Terminal lines are not run (they prompt),
 * nor lines that use the `prod` profile (they need the operator's real API).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { section, shellBlocks, trekOnPath } from '../helpers/readme.js';
import { cleanEnv, freshHome, REPO } from './trek-process.js';

interface ExampleLine {
  text: string;
  expectedExit: number;
}

function exampleLine(text: string): ExampleLine {
  return { text, expectedExit: Number(/#.*\bexit (\d+)/.exec(text)?.[1] ?? 0) };
}

function readmeScript(): ExampleLine[] {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const workflow = shellBlocks(section(readme, '## A booking from start to finish')).flat();
  const scriptHalves = shellBlocks(section(readme, '## Commands')).flatMap((lines) => lines.slice(lines.indexOf('# script') + 1));
  return [...workflow, ...scriptHalves]
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.includes('--profile prod'))
    .map(exampleLine);
}

describe('README examples', () => {
  it('run as written against the built-in sandbox, in order, each with the exit code it promises', (ctx) => {
    requirePrograms(ctx, PROGRAMS.jq);
    const lines = readmeScript();
    const work = freshHome();
    const bin = trekOnPath(work);

    // After each example line, its exit code goes to fd 3; a final line records the workflow's ids.
    const script = [
      'set -o pipefail',
      ...lines.flatMap((line, index) => [line.text, `echo "${index} $?" >&3`]),
      `trek booking services "$B" -o json > final-services.json`,
    ].join('\n');
    const result = spawnSync('bash', ['-c', `exec 3>exit-codes; ${script}`], {
      cwd: work,
      env: cleanEnv({ TREK_HOME: join(work, 'home'), PATH: `${bin}:${process.env.PATH}`, PROD_KEY: 'a-key-from-a-password-manager', NO_COLOR: '1' }),
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(result.error).toBeUndefined();

    const exits = readFileSync(join(work, 'exit-codes'), 'utf8').trim().split('\n').map((row) => Number(row.split(' ')[1]));
    const outcome = lines.map((line, index) => `${exits[index]} ${line.text}`);
    expect(outcome, result.stderr).toEqual(lines.map((line) => `${line.expectedExit} ${line.text}`));
    // The parser still finds every group's examples, not a handful.
    expect(lines.length).toBeGreaterThan(30);
    for (const verb of ['service add-departure', 'flex attach', 'override add', 'agent update', 'itinerary get', 'sandbox serve', 'profile add', 'trek api']) {
      expect(lines.some((line) => line.text.includes(verb)), verb).toBe(true);
    }

    // The workflow left the departure service Confirmed and the activity service cancelled.
    const services = JSON.parse(readFileSync(join(work, 'final-services.json'), 'utf8')) as { type: string; status: string }[];
    expect(services.map((service) => `${service.type} ${service.status}`)).toEqual([
      'departure_services Confirmed',
      'activity_services Cancelled',
      'flex_plan_services Confirmed',
    ]);
  }, 300_000);
});
