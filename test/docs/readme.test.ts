/**
 * The README is for people who use trek: the set-up, the walkthrough, the commands in brief,
 * output and exit codes, security in brief, and links to the rest in docs/. The long examples
 * live in docs/guide.md (test/e2e/readme.test.ts runs them), so the README's brief ones must be
 * examples the docs hold, and every command group points to its page of the command reference.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GUIDE, section } from '../helpers/readme.js';

const readme = readFileSync('README.md', 'utf8');

describe('the README', () => {
  it('is short, and opens with the two set-up commands', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(25_000);
    expect(readme).toMatch(/^# trek\n\n```sh\nnpm install && npx trek search departures --limit 5\nnpm test\n```\n/);
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(['A booking from start to finish', 'Commands', 'Output, for people and for scripts', 'Exit codes', 'Security', 'More']);
  });

  it("links every command group's reference page, and its examples are ones the docs hold", () => {
    const commands = section(readme, '## Commands');
    for (const page of readdirSync('docs/commands').filter((name) => name.startsWith('trek-'))) expect(commands, page).toContain(`(docs/commands/${page})`);
    const docs = [GUIDE, 'docs/completion.md'].map((page) => readFileSync(page, 'utf8')).join('\n');
    const examples = [...commands.matchAll(/`(trek [^`]+)`/g)].map((match) => match[1]);
    expect(examples.length).toBeGreaterThan(20);
    expect(examples.filter((example) => !docs.includes(example))).toEqual([]);
  });
});
