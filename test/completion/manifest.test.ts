/**
 * Completion builds the nouns on the line from the manifest the build writes (dist/completion/,
 * src/completion/manifest.ts). Compared here with the tree the source builds now, so a verb that
 * gains a flag, a choice or a completer fails this until the build writes the manifest again.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Help, type Command, type Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { completionTree } from '../../src/commands/completion/complete.js';
import { newRootCmd } from '../../src/commands/root.js';
import { complete } from '../../src/completion/engine.js';
import { registeredSlots } from '../../src/completion/registry.js';
import { findSubcommand, menuDescription, subcommandCandidates } from '../../src/completion/tree.js';
import { specOf } from '../../src/completion/values.js';
import { recordIds } from '../../src/history-record.js';
import { testFactory } from '../helpers/factory.js';
import { tempDir } from '../helpers/temp-dirs.js';

const BUILT = join(import.meta.dirname, '..', '..', 'dist', 'completion');
const folderUrl = (dir: string) => pathToFileURL(`${dir}/`);
const help = new Help();

/** Everything of a command the completion engine reads (engine.ts, conventions.ts, tree.ts), its subcommands' too. */
function view(command: Command): unknown {
  const option = (o: Option) => ({
    flags: o.flags,
    description: o.description,
    long: o.long,
    short: o.short,
    required: o.required,
    optional: o.optional,
    variadic: o.variadic,
    negate: o.negate,
    argChoices: o.argChoices,
    hidden: o.hidden,
  });
  return {
    name: command.name(),
    aliases: command.aliases(),
    menu: menuDescription(command.summary() || command.description()),
    listed: subcommandCandidates(command),
    options: command.options.map(option),
    shown: help.visibleOptions(command).map(option),
    arguments: command.registeredArguments.map((a) => ({ name: a.name(), required: a.required, variadic: a.variadic, argChoices: a.argChoices })),
    completers: Object.fromEntries([...registeredSlots(command)].map(([slot, completer]) => [slot, specOf(completer) ?? 'live'])),
    commands: command.commands.map(view),
  };
}

/** A TREK_HOME with ids of several kinds in the history, for the naming conventions and credit get's live completer. */
function historyHome(): string {
  const home = testFactory().home;
  const paths = { config: join(home, 'config'), data: join(home, 'data'), cache: join(home, 'cache'), state: join(home, 'state') };
  recordIds(paths, 'sandbox', 'booking', [{ id: '200002', label: 'CAD · García' }, { id: '200001' }]);
  recordIds(paths, 'sandbox', 'customer', [{ id: '300011', label: 'Ms María García' }]);
  recordIds(paths, 'sandbox', 'service', [{ id: '400001', label: 'Peru Explorer' }]);
  recordIds(paths, 'sandbox', 'credit', [{ id: '660001', label: 'CAD 100' }]);
  return home;
}

/** Lines to complete in every command of `noun`: its words, flags, each value slot, after `--`. */
function linesOf(command: Command, path: string[]): string[][] {
  const lines = [
    [...path, ''],
    [...path, '-'],
    [...path, '--'],
    [...path, 'x', ''],
    [...path, '--', ''],
  ];
  for (const option of command.options) {
    if (!option.required && !option.optional) continue;
    lines.push([...path, (option.long ?? option.short)!, '']);
    if (option.long) lines.push([...path, `${option.long}=`]);
  }
  return [...lines, ...command.commands.flatMap((sub) => linesOf(sub, [...path, sub.name()]))];
}

/** The line completed on the real tree and on the manifest's: the same candidates and directive. */
async function bothWays(home: string, words: string[], folder = BUILT) {
  // A --base-url on the line: no completer asks a server, so both sides answer from the same history.
  const line = ['--base-url', 'http://127.0.0.1:9', ...words];
  const { f } = testFactory({ env: { TREK_HOME: home } });
  const argv = ['__complete', ...line];
  return { real: await complete(await newRootCmd(f, argv), line, f), manifest: await complete(await completionTree(f, argv, folderUrl(folder)), line, f) };
}

describe('the completion manifest', () => {
  it('builds every noun as the source does, in all the engine reads', async () => {
    const { f } = testFactory();
    const whole = await newRootCmd(f);
    // The nouns built at once (with arguments of their own: root.ts) need no manifest.
    const built = ['api', 'completion', 'help'];
    expect(readdirSync(BUILT).sort()).toEqual(whole.commands.flatMap((noun) => (built.includes(noun.name()) ? [] : [`${noun.name()}.json`])).sort());
    for (const noun of whole.commands) {
      const fromManifest = findSubcommand(await completionTree(f, [noun.name()], folderUrl(BUILT)), noun.name())!;
      expect(view(fromManifest), noun.name()).toEqual(view(noun));
    }
  });

  it('completes every command, flag and value slot as the real tree does', async () => {
    const home = historyHome();
    const { f } = testFactory({ env: { TREK_HOME: home } });
    const whole = await newRootCmd(f);
    const lines = [
      ...whole.commands.flatMap((noun) => linesOf(noun, [noun.name()])),
      ['search', 'departures', '--where', 'availability.status='],
      ['search', 'departures', '--where', 'availability.status__in=AVAILABLE,'],
      ['search', 'departures', '--where', 'start_date__'],
      ['search', 'departures', '--where', 'a'],
      ['search', 'departures', '--fields', 'id,'],
      ['search', 'departures', '--order-by', '-'],
      ['dossier', 'get', '20001', '--departures', '--fields', ''],
      ['booking', 'get', 'Garc'],
      ['credit', 'get', ''],
      ['help', 'booking', ''],
      ['help', 'booking', 'get', ''],
      ['booking', 'get', '--', ''],
      ['booking', 'list', '--', '--where', ''],
    ];
    expect(lines.length).toBeGreaterThan(500);
    const differ: string[] = [];
    for (const words of lines) {
      const { real, manifest } = await bothWays(home, words);
      // The line alone: the test above shows how the trees differ.
      if (JSON.stringify(manifest) !== JSON.stringify(real)) differ.push(words.join(' '));
    }
    expect(differ).toEqual([]);
    // Not vacuous: ids from the history, the values of a described completer, a live completer's.
    const { manifest: ids } = await bothWays(home, ['booking', 'get', '']);
    expect(ids.candidates.map((c) => c.value)).toEqual(['200002', '200001']);
    const { manifest: where } = await bothWays(home, ['search', 'departures', '--where', 'availability.status=']);
    expect(where.candidates.map((c) => c.value)).toContain('availability.status=AVAILABLE');
    const { manifest: credits } = await bothWays(home, ['credit', 'get', '']);
    expect(credits.candidates.map((c) => c.value)).toEqual(['660001']);
  }, 120_000);

  it('is what completion reads, and a missing or unreadable noun file leaves the real noun in its place', async () => {
    const home = historyHome();
    const folder = tempDir('trek-manifest-');
    cpSync(BUILT, folder, { recursive: true });
    const booking = JSON.parse(readFileSync(join(folder, 'booking.json'), 'utf8')) as { commands: Array<{ name: string }> };
    booking.commands.push({ name: 'zz-from-the-manifest' });
    writeFileSync(join(folder, 'booking.json'), JSON.stringify(booking));
    const verbs = async (noun: string) => (await bothWays(home, [noun, 'zz'], folder)).manifest.candidates.map((c) => c.value);
    expect(await verbs('booking')).toEqual(['zz-from-the-manifest']);

    writeFileSync(join(folder, 'booking.json'), '{ not json');
    writeFileSync(join(folder, 'customer.json'), JSON.stringify({ name: 'another noun' }));
    // JSON, of the right noun, but not the shape the build writes.
    writeFileSync(join(folder, 'search.json'), JSON.stringify({ name: 'search', options: 'x', commands: [{ name: 'departures', arguments: [7] }] }));
    for (const words of [
      ['booking', 'get', ''],
      ['customer', ''],
      ['search', 'departures', '--where', ''],
    ]) {
      const { real, manifest } = await bothWays(home, words, join(folder, 'missing'));
      expect(manifest).toEqual(real);
      const broken = await bothWays(home, words, folder);
      expect(broken.manifest).toEqual(real);
      expect(real.candidates.length).toBeGreaterThan(0);
    }
  });
});
