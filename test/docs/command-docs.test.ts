import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { commandDocs } from '../../scripts/command-docs.js';
import { newRootCmd } from '../../src/commands/root.js';
import { testFactory } from '../helpers/factory.js';

describe('the command reference (docs/commands/)', () => {
  it('is current: regenerated from the help text it matches the files, page for page (npm run docs:commands)', async () => {
    const docs = await commandDocs();
    expect(readdirSync('docs/commands').sort()).toEqual([...docs.keys()].sort());
    for (const [name, text] of docs) expect(readFileSync(`docs/commands/${name}`, 'utf8'), `docs/commands/${name} is stale: run npm run docs:commands`).toBe(text);
  });

  it('has every command that does something (each leaf of the tree) with its examples', async () => {
    const docs = await commandDocs();
    const sections = [...docs.values()].join('\n').split(/^#+ /m).slice(1);
    const leaves = (command: Command, path: string[]): string[][] =>
      command.commands.length === 0 ? [path] : command.commands.filter((sub) => sub.name() !== 'help').flatMap((sub) => leaves(sub, [...path, sub.name()]));
    const all = leaves(await newRootCmd(testFactory().f), ['trek']);
    expect(all.length).toBeGreaterThan(80);
    for (const path of all) {
      const section = sections.find((text) => text.startsWith(`${path.join(' ')}\n`));
      expect(section, path.join(' ')).toMatch(/^Examples:$/m);
    }
  });
});
