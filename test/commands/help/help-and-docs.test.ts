/**
 * Issue 18, "Help and docs": every command's help points to the global options, no help
 * shows "(default: [])", and `trek help` has the topics options, filters, formats,
 * environment, exit-codes and sandbox — complete, runnable and within the terminal's width.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { parse } from 'shell-quote';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { SEARCH_OPERATORS } from '../../../src/api/query.js';
import { GLOBAL_OPTIONS_LINE } from '../../../src/commands/help/configure.js';
import { TOPIC_NAMES } from '../../../src/domain/help-topics.js';
import { FILTER_EXAMPLES, TOPICS } from '../../../src/commands/help/topics.js';
import { newRootCmd } from '../../../src/commands/root.js';
import { EXIT_CODE_TABLE } from '../../../src/errors.js';
import { main } from '../../../src/main.js';
import { FORMATS } from '../../../src/output/formats.js';
import { testFactory, type TestFactoryOptions } from '../../helpers/factory.js';

/** Every command of the whole tree, with its path, the root first. */
function walk(command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> {
  return [{ path, command }, ...command.commands.flatMap((sub) => walk(sub, [...path, sub.name()]))];
}

async function trek(argv: string[], options: TestFactoryOptions = {}) {
  const t = testFactory(options);
  const code = await main(argv, t.f);
  return { code, out: t.out(), err: t.err() };
}

describe('18 help: global options and defaults, in every command of the tree', async () => {
  const tree = walk(await newRootCmd(testFactory().f));

  it('TOPIC_NAMES, which root help and completion list without loading the topics, names exactly the topics there are', () => {
    expect([...TOPIC_NAMES].sort()).toEqual(Object.keys(TOPICS).sort());
  });

  it('18 the tree is the whole tree (every noun built, with its verbs)', () => {
    expect(tree.length).toBeGreaterThan(80);
    for (const noun of ['booking', 'service', 'sandbox', 'itinerary']) expect(tree.some(({ path }) => path[0] === noun && path.length === 2)).toBe(true);
  });

  it('18 no command\'s help shows "(default: [])" (commander prints the empty list a repeatable flag starts from)', async () => {
    const repeatable = tree.flatMap(({ command }) => command.options.filter((option) => Array.isArray(option.defaultValue)));
    expect(repeatable.length).toBeGreaterThan(3); // --where, --order-by, -F, -H… are there, and checked below
    for (const { path, command } of tree) expect(command.helpInformation(), path.join(' ')).not.toMatch(/default: \[\]/);
    // Through the command line as people ask for it, too.
    const run = await trek(['api', '--help']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('-H, --header <name:value>');
    expect(run.out).not.toContain('(default: [])');
  });

  it("18 every command's help but the root's points to the global options (trek help options)", async () => {
    for (const { path, command } of tree.slice(1)) expect(command.helpInformation(), path.join(' ')).toContain(`\n${GLOBAL_OPTIONS_LINE}\n`);
    expect(GLOBAL_OPTIONS_LINE).toContain('trek help options');
    expect(stringWidth(GLOBAL_OPTIONS_LINE)).toBeLessThanOrEqual(80);
    // The root's help lists them itself, and names the topics.
    const root = tree[0].command.helpInformation();
    expect(root).toContain('--no-pager');
    expect(root).toContain(`trek help ${TOPIC_NAMES.join('|')}`);
    const run = await trek(['booking', 'get', '--help']);
    expect(run.out).toContain(GLOBAL_OPTIONS_LINE);
  });

  it('18 trek help COMMAND prints what COMMAND --help does, examples included', async () => {
    const viaHelp = await trek(['help', 'search', 'departures']);
    const viaFlag = await trek(['search', 'departures', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.out).toBe(viaFlag.out);
    expect(viaHelp.out).toContain('Examples:');
  });
});

describe('18 help topics', () => {
  it.each(['options', 'filters', 'formats', 'environment', 'exit-codes', 'sandbox'])('18 trek help %s: exit 0, every line within 80 columns', async (topic) => {
    expect(TOPIC_NAMES).toContain(topic);
    const run = await trek(['help', topic], { columns: 80 });
    expect(run.code).toBe(0);
    expect(run.err).toBe('');
    expect(run.out.length).toBeGreaterThan(200);
    for (const line of run.out.split('\n')) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
  });

  it('18 trek help options lists every global option with its description', async () => {
    const program = await newRootCmd(testFactory().f);
    const run = await trek(['help', 'options']);
    for (const option of program.options) {
      if (option.long === '--help' || option.long === '--version') continue;
      expect(run.out, option.long).toContain(option.long!);
      expect(run.out.replace(/\s+/g, ' '), option.long).toContain(option.description.split(' ').slice(0, 4).join(' '));
    }
  });

  it('18 trek help filters names the nine operators of the spec with an example of each, and the examples run', async () => {
    expect(SEARCH_OPERATORS).toHaveLength(9);
    const run = await trek(['help', 'filters']);
    for (const operator of SEARCH_OPERATORS) {
      expect(run.out).toMatch(new RegExp(`^ +${operator} +\\S`, 'm'));
      expect(
        FILTER_EXAMPLES.some((example) => example.includes(`__${operator}=`)),
        operator,
      ).toBe(true);
    }
    const home = testFactory().home;
    for (const example of FILTER_EXAMPLES) {
      expect(run.out).toContain(example);
      const [trekWord, ...argv] = parse(example) as string[];
      expect(trekWord).toBe('trek');
      const ran = await trek([...argv, '--limit', '2', '-o', 'json'], { env: { TREK_HOME: home } });
      expect(ran.code, `${example}: ${ran.err}`).toBe(0);
      expect(Array.isArray(JSON.parse(ran.out))).toBe(true);
    }
  });

  it('18 trek help formats describes every -o format', async () => {
    const run = await trek(['help', 'formats']);
    for (const format of FORMATS) expect(run.out).toMatch(new RegExp(`^ +${format} +\\S`, 'm'));
  });

  it('18 trek help environment names every TREK_ variable trek reads, the pager ones included', async () => {
    const run = await trek(['help', 'environment']);
    const read = new Set<string>();
    const scan = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = join(dir, entry.name);
        if (entry.isDirectory()) scan(file);
        else if (file.endsWith('.ts')) for (const [name] of readFileSync(file, 'utf8').matchAll(/\bTREK_[A-Z][A-Z_]*[A-Z]\b/g)) read.add(name);
      }
    };
    scan(join(import.meta.dirname, '../../../src'));
    expect([...read]).toEqual(expect.arrayContaining(['TREK_PAGER', 'TREK_API_KEY', 'TREK_HOME']));
    for (const name of [...read, 'PAGER', 'LESS', 'NO_COLOR', 'FORCE_COLOR', 'COLUMNS']) expect(run.out, name).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('18 trek help exit-codes lists every code', async () => {
    const run = await trek(['help', 'exit-codes']);
    for (const [code] of EXIT_CODE_TABLE) expect(run.out).toMatch(new RegExp(`^ +${code}  \\S`, 'm'));
  });

  it('18 trek help sandbox explains the built-in sandbox and lists its commands', async () => {
    const run = await trek(['help', 'sandbox']);
    for (const verb of ['serve', 'reset', 'keys', 'pay', 'clock', 'faults']) expect(run.out).toMatch(new RegExp(`trek sandbox ${verb} +\\S`));
    expect(run.out).toContain('TREK_SANDBOX_OPERATOR_KEY');
    expect(run.out).toContain('docs/sandbox.md');
  });

  it('18 a word that is no topic nor command is a usage error naming the topics, never a crash', async () => {
    for (const word of ['constructor', 'toString', 'no-such-topic']) {
      const run = await trek(['help', word]);
      expect(run.code, word).toBe(2);
      expect(run.err).toContain('options, filters, formats, environment, exit-codes, sandbox');
    }
  });
});
