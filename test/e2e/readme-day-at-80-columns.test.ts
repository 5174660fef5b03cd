/**
 * Issue 18's acceptance: "The whole day of the README's walkthrough, run in a terminal at 80
 * columns, never needs `trek api`." The "A booking from start to finish" block, read from
 * README.md as written, runs in bash in an 80-column tmux pane with `trek` (the built bundle)
 * on PATH and the built-in sandbox; then the terminal forms of the views staff read during the
 * day. Every command exits 0, nothing written to the pane is wider than it (the scrollback with
 * wrapped lines joined shows any overflow), and no line of the walkthrough is `trek api`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { section, shellBlocks, trekOnPath } from '../helpers/readme.js';
import { openTerminal } from '../helpers/terminal.js';
import { cleanEnv, freshHome, REPO } from './trek-process.js';

const COLUMNS = 80;

/** The walkthrough's commands, continuations joined, comments and blank lines left out. */
function walkthrough(): string[] {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  return shellBlocks(section(readme, '## A booking from start to finish'))
    .flat()
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** After the walkthrough, the views of the day in their terminal (table) form. */
const VIEWS = ['trek booking get "$B"', 'trek booking services "$B"', 'trek checkin list --booking "$B"', 'trek departure get "$D"', 'trek service get "$S"'];

describe('18 the README walkthrough in a terminal at 80 columns', () => {
  it('18 the whole day of the README walkthrough, run in a terminal at 80 columns, never needs trek api: every command exits 0 and no line is wider than 80', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.tmux, PROGRAMS.jq, PROGRAMS.bash);
    const lines = walkthrough();
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((line) => /\btrek\s+api\b/.test(line))).toEqual([]);

    const work = freshHome();
    const bin = trekOnPath(work);
    const commands = [...lines, ...VIEWS];
    // After each command its exit status, on a line of its own; the pane stays open to be read.
    const script = ['set -o pipefail', ...commands.flatMap((command, index) => [command, `echo "[exit ${index} $?]"`]), 'echo "[day done]"', 'sleep 600'].join('\n');
    writeFileSync(join(work, 'day.sh'), script);
    // TREK_PAGER= keeps long views in the pane's scrollback instead of a pager.
    const env = cleanEnv({ TREK_HOME: join(work, 'home'), PATH: `${bin}:${process.env.PATH}`, TREK_PAGER: '' });
    const terminal = await openTerminal(`cd '${work}' && bash day.sh`, { columns: COLUMNS, rows: 40, env, history: 100_000 });
    try {
      await terminal.waitFor((screen) => screen.includes('[day done]') || /\[exit \d+ [1-9]\d*\]/.test(screen));
      const text = await terminal.screen({ scrollback: true });
      const exits = commands.map((command, index) => `${/\[exit (\d+) (\d+)\]/.exec(text.slice(text.indexOf(`[exit ${index} `)))?.[2] ?? 'not run'} ${command}`);
      expect(exits, text).toEqual(commands.map((command) => `0 ${command}`));

      const shown = text.split('\n').map((line) => line.trimEnd());
      expect(
        shown.filter((line) => stringWidth(line) > COLUMNS),
        `lines wider than ${COLUMNS} columns`,
      ).toEqual([]);
      // The views were there, in their terminal form, not JSON.
      expect(text).toMatch(/^Services$/m);
      expect(text).toMatch(/^Travellers$/m);
      expect(text).toContain('To complete what is missing:');
      expect(text).toMatch(/^ID +NAME/m);
      expect(text).not.toMatch(/^\[$/m);
    } finally {
      await terminal.close();
    }
  }, 300_000);
});
