import { menuDescription } from '../../src/completion/tree.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Argument, Command, Help, Option } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { newRootCmd } from '../../src/commands/root.js';
import { complete, COMPLETER_DEADLINE_MS } from '../../src/completion/engine.js';
import { Directive, registerCompleter, type CompletionContext } from '../../src/completion/index.js';
import { AVAILABILITY_STATUSES } from '../../src/completion/values.js';
import { SEARCH_FIELD_TYPES, SEARCH_OPERATORS } from '../../src/api/query.js';
import { SETTINGS } from '../../src/config/settings.js';
import { recordIds } from '../../src/history-record.js';
import { main } from '../../src/main.js';
import { FORMATS } from '../../src/output/formats.js';
import { testFactory, type TestFactoryOptions } from '../helpers/factory.js';

interface Result {
  code: number;
  values: string[];
  descriptions: Record<string, string>;
  directive: number;
  err: string;
  raw: string;
}

function parse(raw: string): Omit<Result, 'code' | 'err'> {
  const lines = raw.split('\n');
  expect(lines.pop()).toBe('');
  const last = lines.pop() ?? '';
  expect(last).toMatch(/^:\d+$/);
  const descriptions: Record<string, string> = {};
  const values = lines.map((line) => {
    const [value = '', description] = line.split('\t');
    if (description !== undefined) descriptions[value] = description;
    return value;
  });
  return { values, descriptions, directive: Number(last.slice(1)), raw };
}

/** `trek __complete <words…>` through main(), as the scripts run it. */
async function trekComplete(words: string[], options: TestFactoryOptions = {}): Promise<Result> {
  const t = testFactory(options);
  const code = await main(['__complete', ...words], t.f);
  return { code, err: t.err(), ...parse(t.out()) };
}

/** As trek writes it: private, since it holds keys. */
function writeConfig(home: string, config: unknown): void {
  mkdirSync(join(home, 'config'), { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'config', 'config.json'), JSON.stringify(config), { mode: 0o600 });
}

describe('trek __complete on the real command tree', () => {
  it('offers the visible nouns at the top level, with their descriptions', async () => {
    const { f } = testFactory();
    const root = await newRootCmd(f);
    const nouns = new Help().visibleCommands(root).map((c) => c.name());
    const result = await trekComplete(['']);
    expect(result.code).toBe(0);
    expect(result.values).toEqual(nouns);
    expect(result.values).not.toContain('__complete');
    // One line, at most a menu's width, cut after a word with …
    expect(result.descriptions.search).toBe(menuDescription(root.commands.find((c) => c.name() === 'search')!.description()));
    expect(result.descriptions.search).toBe('Search the catalogue: departures, tour dossiers and…');
    expect(result.directive).toBe(Directive.noFileComp);
    expect(result.err).toBe('');
  });

  it('completes a noun from its prefix and lists its verbs', async () => {
    expect((await trekComplete(['pro'])).values).toEqual(['profile']);
    const { f } = testFactory();
    const search = (await newRootCmd(f)).commands.find((c) => c.name() === 'search')!;
    expect((await trekComplete(['search', ''])).values).toEqual(search.commands.map((c) => c.name()));
  });

  it('completes -o, --output= and --color from their declared choices', async () => {
    expect((await trekComplete(['-o', ''])).values).toEqual([...FORMATS]);
    expect((await trekComplete(['search', 'departures', '--output', 'n'])).values).toEqual(['ndjson']);
    expect((await trekComplete(['--output=j'])).values).toEqual(['--output=json']);
    expect((await trekComplete(['--color='])).values).toEqual(['--color=auto', '--color=always', '--color=never']);
  });

  it('is not thrown off by values trek itself would refuse', async () => {
    // Parsed by commander these would be errors (invalid choice, bad number); completion reads past them.
    const result = await trekComplete(['-o', 'nope', '--timeout', 'soon', '--color', 'x', 'pro']);
    expect(result.values).toEqual(['profile']);
    expect(result.err).toBe('');
    expect((await trekComplete(['-ojson', 'pro'])).values).toEqual(['profile']);
  });

  it('lists the command flags, then the global ones, long and short', async () => {
    const result = await trekComplete(['search', 'departures', '-']);
    expect(result.values.slice(0, 3)).toEqual(['--where', '-w', '--order-by']);
    expect(result.values).toEqual(expect.arrayContaining(['--profile', '--fields', '-o', '--output', '--no-input', '--help', '-h']));
    expect(result.values).not.toContain('--version');
    expect(result.descriptions['--where']).toMatch(/^filter/);
    expect((await trekComplete(['search', 'departures', '--wh'])).values).toEqual(['--where']);
    expect((await trekComplete(['--vers'])).values).toEqual(['--version']);
  });

  it('offers flags when nothing positional is left to type', async () => {
    const result = await trekComplete(['search', 'departures', '']);
    expect(result.values).toContain('--where');
    expect(result.values.every((value) => value.startsWith('--'))).toBe(true);
  });

  it('completes --where for departures: fields, operators and availability statuses', async () => {
    const keys = await trekComplete(['search', 'departures', '--where', '']);
    expect(keys.values).toEqual(Object.keys(SEARCH_FIELD_TYPES.departures).map((field) => `${field}=`));
    expect(keys.directive).toBe(Directive.noSpace | Directive.noFileComp);

    expect((await trekComplete(['search', 'departures', '-w', 'avail'])).values).toEqual(['availability.status=', 'availability.status__']);
    expect((await trekComplete(['search', 'departures', '--where', 'start_date__'])).values).toEqual(SEARCH_OPERATORS.map((op) => `start_date__${op}=`));

    const statuses = await trekComplete(['search', 'departures', '--where', 'availability.status=']);
    expect(statuses.values).toEqual(AVAILABILITY_STATUSES.map((s) => `availability.status=${s}`));
    expect(statuses.directive).toBe(Directive.noFileComp);

    const list = await trekComplete(['search', 'departures', '--where', 'availability.status__in=WAIT_LIST,']);
    expect(list.values).toEqual(['AVAILABLE', 'NOT_BOOKABLE', 'REQUEST_SPACE'].map((s) => `availability.status__in=WAIT_LIST,${s}`));
    expect(list.directive & Directive.noSpace).toBeTruthy();

    expect((await trekComplete(['search', 'departures', '--where=availability.status=W'])).values).toEqual(['--where=availability.status=WAIT_LIST']);
    expect((await trekComplete(['search', 'departures', '--where', 'name__null='])).values).toEqual(['name__null=true']);
    expect((await trekComplete(['search', 'departures', '--where', 'name='])).values).toEqual([]);
  });

  it('completes the fields of the resource for --where, --order-by and --fields, comma by comma', async () => {
    const dossierFields = Object.keys(SEARCH_FIELD_TYPES.tour_dossiers);
    expect((await trekComplete(['search', 'tour-dossiers', '--where', ''])).values).toEqual(dossierFields.map((f) => `${f}=`));
    expect((await trekComplete(['search', 'tour-dossiers', '--order-by', '-departures_s'])).values).toEqual(['-departures_start_date']);
    const fields = await trekComplete(['search', 'departures', '--fields', 'name,st']);
    expect(fields.values).toEqual(['name,start_date']);
    expect(fields.directive).toBe(Directive.noSpace | Directive.noFileComp);
    // A field already in the list is not offered again.
    expect((await trekComplete(['search', 'departures', '--fields', 'name,id,'])).values).not.toContain('name,id,name');
  });

  it('completes profile names from the config file, describing them without their key', async () => {
    const options = { env: { TREK_HOME: testFactory().home } };
    writeConfig(options.env.TREK_HOME, {
      current_profile: 'work',
      profiles: { work: { base_url: 'https://api.example.com', api_key: 'SECRET-KEY' }, staging: { base_url: 'https://staging.example.com' } },
    });
    const result = await trekComplete(['--profile', ''], options);
    expect(result.values).toEqual(['work', 'staging', 'sandbox']);
    expect(result.descriptions.work).toBe('https://api.example.com (current)');
    expect(result.raw).not.toContain('SECRET-KEY');
    expect((await trekComplete(['profile', 'use', 'st'], options)).values).toEqual(['staging']);
    expect((await trekComplete(['profile', 'add', ''], options)).values).toEqual([]);
  });

  it('treats a broken config file as no profiles, quietly', async () => {
    const home = testFactory().home;
    mkdirSync(join(home, 'config'), { recursive: true });
    writeFileSync(join(home, 'config', 'config.json'), '{ not json');
    const result = await trekComplete(['--profile', ''], { env: { TREK_HOME: home } });
    expect(result.values).toEqual(['sandbox']);
    expect(result.err).toBe('');
  });

  it('completes setting keys and the values of the key typed', async () => {
    expect((await trekComplete(['config', 'get', ''])).values).toEqual(Object.keys(SETTINGS));
    expect((await trekComplete(['config', 'set', 'color', ''])).values).toEqual([...SETTINGS.color.choices]);
    expect((await trekComplete(['config', 'set', 'timeout', ''])).values).toEqual([]);
  });

  it('completes command paths after `trek help`', async () => {
    const { f } = testFactory();
    const root = await newRootCmd(f);
    const search = root.commands.find((c) => c.name() === 'search')!;
    expect((await trekComplete(['help', 'sea'])).values).toEqual(['search']);
    expect((await trekComplete(['help', 'search', ''])).values).toEqual(search.commands.map((c) => c.name()));
    expect((await trekComplete(['help', 'nosuch', ''])).values).toEqual([]);
  });

  it('prints the script for `trek completion <shell>` and completes the shell names', async () => {
    expect((await trekComplete(['completion', ''])).values).toEqual(['bash', 'zsh', 'fish']);
  });

  it('lets a flag that names a file fall back to file names', async () => {
    const result = await trekComplete(['api', 'GET', '/x', '--input', '']);
    expect(result.values).toEqual([]);
    expect(result.directive).toBe(Directive.default);
  });
});

/** A tree shaped like the commands still to come, for the conventions and the registry. */
function fixtureTree(): Command {
  const root = new Command('trek').option('--profile <name>').addOption(new Option('-o, --output <format>').choices(['json', 'table']));
  const booking = new Command('booking');
  booking.addCommand(new Command('get').argument('<id>'));
  booking.addCommand(new Command('create').option('--currency <code>').option('--external-id <id>'));
  booking.addCommand(new Command('secret').argument('<id>'), { hidden: true });
  const service = new Command('service');
  service.addCommand(new Command('confirm').argument('<id>'));
  service.addCommand(new Command('add-departure').option('--booking <id>').option('--customer <id...>').option('--departure <id>'));
  const customer = new Command('customer');
  customer.addCommand(new Command('create').option('--title <title>').option('--first-name <name>'));
  const sandbox = new Command('sandbox');
  sandbox.addCommand(new Command('pay').argument('<booking-id>').argument('<amount>'));
  sandbox.addCommand(new Command('staff-cancel').argument('<service>'));
  const flex = new Command('flex');
  flex.addCommand(new Command('attach').option('--covered-service <id>').option('--for <booking-id>'));
  const override = new Command('override');
  override.addCommand(
    new Command('add')
      .option('--reason <code>')
      .option('--requirement <code>')
      .addArgument(new Argument('[mode]').choices(['a', 'b'])),
  );
  for (const noun of [booking, service, customer, sandbox, flex, override]) root.addCommand(noun);
  return root;
}

async function fixtureComplete(words: string[], root = fixtureTree(), options: TestFactoryOptions = {}) {
  const t = testFactory(options);
  const completion = await complete(root, words, t.f);
  return { ...completion, values: completion.candidates.map((c) => c.value), home: t.home, t };
}

describe('value conventions', () => {
  function historyHome(): string {
    const home = testFactory().home;
    const paths = { config: join(home, 'config'), data: join(home, 'data'), cache: join(home, 'cache'), state: join(home, 'state') };
    recordIds(paths, 'sandbox', 'booking', [{ id: 'B2', label: 'CAD · newest' }, { id: 'B1' }]);
    recordIds(paths, 'sandbox', 'service', [{ id: 'S1', label: 'Peru Explorer' }]);
    recordIds(paths, 'sandbox', 'customer', [{ id: 'C1' }, { id: 'C2' }]);
    recordIds(paths, 'work', 'booking', [{ id: 'W1' }]);
    return home;
  }

  it('completes ids from the history by argument and flag names', async () => {
    const options = { env: { TREK_HOME: historyHome() } };
    const ids = async (words: string[]) => (await fixtureComplete(words, fixtureTree(), options)).values;
    const get = await fixtureComplete(['booking', 'get', ''], fixtureTree(), options);
    expect(get.candidates).toEqual([
      { value: 'B2', description: 'CAD · newest' },
      { value: 'B1', description: undefined },
    ]);
    expect(await ids(['booking', 'get', 'B1'])).toEqual(['B1']);
    expect(await ids(['service', 'confirm', ''])).toEqual(['S1']);
    expect(await ids(['service', 'add-departure', '--booking', ''])).toEqual(['B2', 'B1']);
    expect(await ids(['service', 'add-departure', '--customer', 'C1', ''])).toEqual(['C1', 'C2']);
    expect(await ids(['sandbox', 'pay', ''])).toEqual(['B2', 'B1']);
    expect(await ids(['sandbox', 'pay', 'B1', ''])).toEqual([]);
    expect(await ids(['sandbox', 'staff-cancel', ''])).toEqual(['S1']);
    expect(await ids(['flex', 'attach', '--covered-service', ''])).toEqual(['S1']);
    expect(await ids(['flex', 'attach', '--for', ''])).toEqual(['B2', 'B1']);
    expect(await ids(['booking', 'create', '--external-id', ''])).toEqual([]);
  });

  it('uses the history of the profile on the line', async () => {
    const options = { env: { TREK_HOME: historyHome() } };
    expect((await fixtureComplete(['--profile', 'work', 'booking', 'get', ''], fixtureTree(), options)).values).toEqual(['W1']);
    expect((await fixtureComplete(['booking', 'get', ''], fixtureTree(), { env: { ...options.env, TREK_PROFILE: 'work' } })).values).toEqual(['W1']);
  });

  it('completes titles and argument choices', async () => {
    expect((await fixtureComplete(['customer', 'create', '--title', 'M'])).values).toEqual(['Mr', 'Mrs', 'Ms', 'Miss', 'Mx']);
    expect((await fixtureComplete(['override', 'add', ''])).values).toEqual(['a', 'b']);
  });

  it('offers no requirement code before --booking names whose checkins to read', async () => {
    expect((await fixtureComplete(['override', 'add', '--requirement', ''])).values).toEqual([]);
  });

  it('matches an id by the words of its label too, ignoring case and accents, after the ids it starts', async () => {
    const home = historyHome();
    const paths = { config: join(home, 'config'), data: join(home, 'data'), cache: join(home, 'cache'), state: join(home, 'state') };
    recordIds(paths, 'sandbox', 'customer', [
      { id: '300011', label: "Ms María José García-O'Neill" },
      { id: '300012', label: 'Mr Pablo García' },
      { id: '300013', label: 'Ms Ana Marcia' },
    ]);
    const ids = async (words: string[]) => (await fixtureComplete(words, fixtureTree(), { env: { TREK_HOME: home } })).values;
    expect(await ids(['service', 'add-departure', '--customer', 'Garc'])).toEqual(['300011', '300012']);
    expect(await ids(['service', 'add-departure', '--customer', 'garcia'])).toEqual(['300011', '300012']);
    expect(await ids(['service', 'add-departure', '--customer', 'oneill'])).toEqual([]);
    expect(await ids(['service', 'add-departure', '--customer', "O'Ne"])).toEqual(['300011']);
    // Only the start of a word: "arc" is inside Marcia and García, and matches neither.
    expect(await ids(['service', 'add-departure', '--customer', 'arc'])).toEqual([]);
    expect(await ids(['service', 'add-departure', '--customer', '30001'])).toEqual(['300011', '300012', '300013']);
    expect(await ids(['service', 'add-departure', '--customer=Pab'])).toEqual(['--customer=300012']);
    // Commands and flags match by their names only.
    expect((await trekComplete(['Open'])).values).toEqual([]);
  });

  it('never offers hidden commands', async () => {
    expect((await fixtureComplete(['booking', ''])).values).toEqual(['get', 'create']);
  });

  it('treats what follows -- as positional', async () => {
    const result = await fixtureComplete(['booking', 'get', '--', '-']);
    expect(result.values).toEqual([]);
  });
});

describe('registered completers', () => {
  it('win over choices and conventions, and apply to subcommands of the command they are registered on', async () => {
    const root = fixtureTree();
    const booking = root.commands.find((c) => c.name() === 'booking')!;
    const seen: CompletionContext[] = [];
    registerCompleter(booking, 'id', (ctx) => {
      seen.push(ctx);
      return [{ value: 'R1', description: 'registered' }];
    });
    registerCompleter(root, '--output', async () => ({ candidates: [{ value: 'custom' }], directive: Directive.noSpace }));
    const result = await fixtureComplete(['--profile', 'p1', 'booking', 'get', ''], root);
    expect(result.candidates).toEqual([{ value: 'R1', description: 'registered' }]);
    expect(seen[0].command.name()).toBe('get');
    expect(seen[0].profile).toBe('p1');
    expect(seen[0].flags).toEqual({ profile: ['p1'] });
    const output = await fixtureComplete(['-o', ''], root);
    expect(output.values).toEqual(['custom']);
    expect(output.directive).toBe(Directive.noSpace);
  });

  it('pass the typed arguments and flags, and the word being completed', async () => {
    const root = fixtureTree();
    const add = root.commands.find((c) => c.name() === 'override')!.commands[0];
    let ctx: CompletionContext | undefined;
    registerCompleter(add, '--reason', (c) => {
      ctx = c;
      return [];
    });
    await fixtureComplete(['override', 'add', 'a', '--requirement=NAME', '--reason', 'LO'], root);
    expect(ctx?.args).toEqual(['a']);
    expect(ctx?.flags).toEqual({ requirement: ['NAME'] });
    expect(ctx?.toComplete).toBe('LO');
  });

  it('complete nothing, quietly, when they throw or hang', async () => {
    const root = fixtureTree();
    const get = root.commands[0].commands[0];
    registerCompleter(get, 'id', () => {
      throw new Error('boom');
    });
    const thrown = await fixtureComplete(['booking', 'get', ''], root);
    expect(thrown.values).toEqual([]);
    expect(thrown.t.err()).toBe('');

    // On a clock of the test's own: an answer just inside the deadline counts, one that never comes is given up on.
    vi.useFakeTimers();
    try {
      registerCompleter(get, 'id', () => new Promise((resolve) => setTimeout(() => resolve([{ value: 'late' }]), COMPLETER_DEADLINE_MS - 1)));
      const late = fixtureComplete(['booking', 'get', ''], root);
      await vi.advanceTimersByTimeAsync(COMPLETER_DEADLINE_MS);
      expect((await late).values).toEqual(['late']);

      registerCompleter(get, 'id', () => new Promise(() => {}));
      const hung = fixtureComplete(['booking', 'get', ''], root);
      await vi.advanceTimersByTimeAsync(COMPLETER_DEADLINE_MS);
      const result = await hung;
      expect(result.values).toEqual([]);
      expect(result.t.err()).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('cannot break the output: values with control characters are dropped, descriptions are made safe', async () => {
    const root = fixtureTree();
    registerCompleter(root.commands[0].commands[0], 'id', () => [
      { value: 'ok', description: 'line one\nline two' },
      { value: 'tab\tinside' },
      { value: 'esc\x1b[31m' },
      { value: 'safe', description: 'red \x1b[31mtext\x1b[0m and \ttab' },
    ]);
    const { f, out } = testFactory();
    const { runComplete } = await import('../../src/commands/completion/complete.js');
    await runComplete(root, ['booking', 'get', ''], f);
    expect(out()).toBe('ok\tline one\nsafe\tred text and  tab\n:4\n');
  });
});
