/**
 * The README's examples are meant to be pasted. This runs its scripted workflow and then the script
 * half of every command group's example block in docs/guide.md (where the README's long examples
 * went), in order, in one bash session, through
 * `trek` on PATH with the built-in sandbox and a fresh TREK_HOME. Each line must exit 0, or
 * the code its trailing comment promises ("exit 2"). Terminal lines are not run (they prompt),
 * nor lines that use the `prod` profile (they need the operator's real API).
 *
 * The examples must hold on any day a reader pastes them: the walkthrough and every example
 * with a date show something, and they also run with the wall clock three years ahead
 * (faketime), on a fresh store, where every one exits 0 with something to show. One shifted run
 * is enough here: CI runs the whole suite again a year ahead, this file included.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { GUIDE, section, shellBlocks, trekOnPath } from '../helpers/readme.js';
import { cleanEnv, freshHome, REPO, watch } from './trek-process.js';

interface ExampleLine {
  text: string;
  expectedExit: number;
}

function exampleLine(text: string): ExampleLine {
  return { text, expectedExit: Number(/#.*\bexit (\d+)/.exec(text)?.[1] ?? 0) };
}

const runnable = (lines: string[]) => lines.map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#') && !line.includes('--profile prod'));

function readmeParts(): { workflow: string[]; scriptHalves: string[] } {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  return {
    workflow: runnable(shellBlocks(section(readme, '## A booking from start to finish')).flat()),
    scriptHalves: runnable(shellBlocks(readFileSync(join(REPO, GUIDE), 'utf8')).flatMap((lines) => lines.slice(lines.indexOf('# script') + 1))),
  };
}

function readmeScript(): ExampleLine[] {
  const { workflow, scriptHalves } = readmeParts();
  return [...workflow, ...scriptHalves].map(exampleLine);
}

/** A date flag given a date relative to today: the examples whose results depend on the day. */
const DATED = /--(?:starting|from|to|date|[a-z-]+-date)\s+(?:today|this-month|next-month|[+-]\d+(?:d|w|mo|y))\b/;

/**
 * The script of `lines`: after each one, its index and exit code go to fd 3 (the file exit-codes).
 * What a line `shown` picks shows goes to a file, to check it showed something: its stdout (out.INDEX), an
 * assignment's value (out.INDEX) or the file it writes.
 */
function scriptOf(lines: string[], shown: (line: string) => boolean): string {
  const run = (line: string, index: number) => {
    const code = `echo "${index} $?" >&3`;
    if (!shown(line)) return [line, code];
    const name = variable(line);
    if (name !== undefined) return [line, code, `printf %s "$${name}" > out.${index}`];
    // On a line of its own, the redirection is not taken into a trailing comment.
    return written(line) === undefined ? [`{ ${line}\n} > out.${index}`, code] : [line, code];
  };
  return ['set -o pipefail', ...lines.flatMap(run)].join('\n');
}
const variable = (line: string) => /^([A-Z]\w*)=/.exec(line)?.[1];
const written = (line: string) => / > (\S+)$/.exec(line)?.[1];

/** The lines among `lines` that `shown` picks and that showed nothing (see scriptOf). */
function showedNothing(work: string, lines: string[], shown: (line: string) => boolean): string[] {
  return lines.filter((line, index) => shown(line) && statSync(join(work, written(line) ?? `out.${index}`)).size === 0);
}

/** `bash -c script` in `work`, with the exit codes it wrote to fd 3; `prefix` runs bash under another program. */
async function runScript(work: string, script: string, prefix: string[] = []) {
  const [command, ...args] = [...prefix, 'bash', '-c', `exec 3>exit-codes; ${script}`];
  const bin = trekOnPath(work);
  const env = cleanEnv({ TREK_HOME: join(work, 'home'), PATH: `${bin}:${process.env.PATH}`, PROD_KEY: 'a-key-from-a-password-manager', NO_COLOR: '1' });
  const result = await watch(spawn(command, args, { cwd: work, env, timeout: 240_000 })).exited;
  const exits = readFileSync(join(work, 'exit-codes'), 'utf8')
    .trim()
    .split('\n')
    .map((row) => Number(row.split(' ')[1]));
  return { ...result, exits };
}

describe('README examples', () => {
  it.concurrent(
    'run as written against the built-in sandbox, in order, each with the exit code it promises; the walkthrough and the dated ones show something',
    async (ctx) => {
      const { expect } = ctx;
      requirePrograms(ctx, PROGRAMS.jq);
      const { workflow } = readmeParts();
      const lines = readmeScript();
      const texts = lines.map((line) => line.text);
      const shown = (line: string) => workflow.includes(line) || DATED.test(line);
      const work = freshHome();

      // A final line records the workflow's services.
      const script = [scriptOf(texts, shown), `trek booking services "$B" -o json > final-services.json`].join('\n');
      const { exits, ...result } = await runScript(work, script);
      const outcome = lines.map((line, index) => `${exits[index]} ${line.text}`);
      expect(outcome, result.stderr).toEqual(lines.map((line) => `${line.expectedExit} ${line.text}`));
      // The parser still finds every group's examples, not a handful.
      expect(lines.length).toBeGreaterThan(30);
      for (const verb of ['service add-departure', 'flex attach', 'override add', 'agent update', 'itinerary get', 'sandbox serve', 'profile add', 'trek api']) {
        expect(
          lines.some((line) => line.text.includes(verb)),
          verb,
        ).toBe(true);
      }
      expect(texts.filter((line) => !workflow.includes(line) && DATED.test(line)).length).toBeGreaterThanOrEqual(3);
      expect(showedNothing(work, texts, shown), 'lines that showed nothing').toEqual([]);

      // The workflow left the departure service Confirmed and the activity service cancelled.
      const services = JSON.parse(readFileSync(join(work, 'final-services.json'), 'utf8')) as { type: string; status: string }[];
      expect(services.map((service) => `${service.type} ${service.status}`)).toEqual(['departure_services Confirmed', 'activity_services Cancelled', 'flex_plan_services Confirmed']);
    },
    300_000,
  );

  // The walkthrough, then every script example with a relative date.
  it.concurrent('the walkthrough and the dated examples hold with the wall clock three years ahead, on a fresh store', { timeout: 300_000 }, async (ctx) => {
    const { expect } = ctx;
    requirePrograms(ctx, PROGRAMS.jq, PROGRAMS.faketime);
    const { workflow, scriptHalves } = readmeParts();
    const dated = scriptHalves.filter((line) => DATED.test(line));
    expect(dated.length).toBeGreaterThanOrEqual(3);
    const lines = [...workflow, ...dated];
    const work = freshHome();
    const { exits, stderr } = await runScript(
      work,
      scriptOf(lines, () => true),
      ['faketime', '-f', '+1095d'],
    );
    expect(
      lines.map((line, index) => `${exits[index]} ${line}`),
      stderr,
    ).toEqual(lines.map((line) => `0 ${line}`));
    expect(
      showedNothing(work, lines, () => true),
      'lines that showed nothing',
    ).toEqual([]);
  });
});
