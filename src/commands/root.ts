import { Command, Option } from 'commander';
import { SETTING_KEYS } from '../config/settings.js';
import type { Factory } from '../factory.js';
import { GLOBAL_FLAGS, type GlobalFlag } from '../config/global-flags.js';
import { loadColors } from '../output/theme.js';
import { newApiCmd } from './api/index.js';
import { newCompletionCmd } from './completion/index.js';
import { configureHelpTree } from './help/configure.js';
import { newHelpCmd } from './help/index.js';
import { examples } from './flags.js';

/** A noun whose verbs are imported only when the command line names it. */
interface VerbGroup {
  name: string;
  /** Root help's line for the noun, when `trek <noun> --help` says more. */
  summary?: string;
  description: string;
  load: () => Promise<(f: Factory) => Command>;
}

/** A noun with arguments of its own: built at once, because root help shows its usage (`api [options] <method> <path>`). */
type LeafCommand = (f: Factory, program: Command) => Command;

/** The nouns, in the order root help lists them. */
const NOUNS: Array<VerbGroup | LeafCommand> = [
  {
    name: 'search',
    description: 'Search the catalogue: departures, tour dossiers and activities',
    load: async () => (await import('./search/index.js')).newSearchCmd,
  },
  {
    name: 'departure',
    description: 'Read one departure by id: dates, availability, prices, what it includes',
    load: async () => (await import('./departure/index.js')).newDepartureCmd,
  },
  {
    name: 'dossier',
    description: 'Read one tour dossier by id, with its departures if asked',
    load: async () => (await import('./dossier/index.js')).newDossierCmd,
  },
  {
    name: 'activity',
    description: 'Read one activity by id',
    load: async () => (await import('./activity/index.js')).newActivityCmd,
  },
  {
    name: 'booking',
    description: 'Open, list, read and change bookings; their services, overrides, checkins, statement, documents and linked bookings',
    load: async () => (await import('./booking/index.js')).newBookingCmd,
  },
  {
    name: 'customer',
    description: 'Create, list, read and update customers (travellers), and list their bookings',
    load: async () => (await import('./customer/index.js')).newCustomerCmd,
  },
  {
    name: 'service',
    description: 'Book departures and activities on a booking, and confirm, cancel or move booked services between statuses',
    load: async () => (await import('./service/index.js')).newServiceCmd,
  },
  {
    name: 'flex',
    description: 'Flex plans: see what a departure offers, attach a plan to a departure service (checked against the rules first), read its addons and the cancellation terms it brings',
    load: async () => (await import('./flex/index.js')).newFlexCmd,
  },
  {
    name: 'override',
    description: "Waive a customer's requirement with a reason (overrides), change the reason, remove it, list a booking's overrides",
    load: async () => (await import('./override/index.js')).newOverrideCmd,
  },
  {
    name: 'checkin',
    description: "Read customers' readiness for travel (checkins): what each requirement still needs",
    load: async () => (await import('./checkin/index.js')).newCheckinCmd,
  },
  {
    name: 'agent',
    description: 'Read and update agent profiles, and see whose key you are using',
    load: async () => (await import('./agent/index.js')).newAgentCmd,
  },
  {
    name: 'agency',
    description: 'Read and update agency profiles: address, e-mails, display name, communication preferences',
    load: async () => (await import('./agency/index.js')).newAgencyCmd,
  },
  {
    name: 'itinerary',
    description: 'Read tour itineraries as day-by-day plans (also as Markdown), and pick the one a dossier uses on a date',
    load: async () => (await import('./itinerary/index.js')).newItineraryCmd,
  },
  {
    name: 'document',
    description: "Read a booking's documents (invoices, vouchers, ATOL certificates) and save their content",
    load: async () => (await import('./document/index.js')).newDocumentCmd,
  },
  {
    name: 'credit',
    description: "The agency's travel credits: amounts left and the windows to book and to travel",
    load: async () => (await import('./credit/index.js')).newCreditCmd,
  },
  {
    name: 'group',
    description: 'Book a group from a manifest (CSV or NDJSON): create its travellers and their departure service, safe to re-run; export it back',
    load: async () => (await import('./group/index.js')).newGroupCmd,
  },
  {
    name: 'webhooks',
    description: 'Receive, verify and forward webhook events, and trigger test events through the sandbox',
    load: async () => (await import('./webhooks/index.js')).newWebhooksCmd,
  },
  {
    name: 'cache',
    description: 'The local cache of catalogue reads: how full it is and how often it helps; clear it',
    load: async () => (await import('./cache/index.js')).newCacheCmd,
  },
  (f) => newApiCmd(f),
  {
    name: 'sandbox',
    summary: 'The built-in sandbox: serve it, reset it, list its keys; payments, clock, staff actions',
    description:
      "The built-in sandbox: a stateful simulator of the operator's API, and the default profile when none is configured.\n\n" +
      'Serve it to your own code, start it over, list its keys, and drive what only the operator could: payments, time, staff cancellations.',
    load: async () => (await import('./sandbox/index.js')).newSandboxCmd,
  },
  {
    name: 'profile',
    description: 'Manage profiles: which API trek talks to and with which key. The built-in "sandbox" profile needs no set-up.',
    load: async () => (await import('./profile/index.js')).newProfileCmd,
  },
  {
    name: 'config',
    description: `Read and change the settings that apply to every profile (${SETTING_KEYS.join(', ')}).`,
    load: async () => (await import('./config/index.js')).newConfigCmd,
  },
  (f) => newCompletionCmd(f),
  (f, program) => newHelpCmd(f, program),
];

/** Builds a noun named on the line without importing its verbs (completion's manifest); undefined: import them. */
export type NounBuilder = (name: string) => Command | undefined;

/**
 * A noun with its verbs when `argv` names it (`trek booking …`, `trek help booking`, `trek
 * __complete booking …`) or when there is no argv; otherwise a stub with its name and
 * description, which is all root help, "did you mean" suggestions and noun completion read.
 * Leaving the other nouns unimported is what keeps start-up fast.
 */
async function buildGroup(group: VerbGroup, f: Factory, argv: readonly string[] | undefined, nounOf: NounBuilder | undefined): Promise<Command> {
  const named = argv === undefined || argv.includes(group.name);
  const command = named ? (nounOf?.(group.name) ?? (await group.load())(f)) : new Command(group.name);
  if (group.summary) command.summary(group.summary);
  return command.description(group.description);
}

/**
 * The `trek` program: global flags (valid before or after the subcommand) and the nouns.
 * `argv` is the command line it will parse; without it every noun is built (tests walk the whole tree).
 * `nounOf`, when given, builds the nouns `argv` names, where it can (completion, from its manifest).
 */
export async function newRootCmd(f: Factory, argv?: readonly string[], nounOf?: NounBuilder): Promise<Command> {
  const program = new Command('trek')
    .description(
      "Work with the tour operator's reservation API: bookings, customers, services, flex plans and the catalogue.\nWith no profile configured, trek talks to a built-in sandbox, so every command works at once.",
    )
    .version(f.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand(false)
    .addHelpText(
      'after',
      examples([
        'trek search departures --where availability.status=AVAILABLE --limit 5',
        'trek booking create --currency CAD -o json | jq -r .id',
        'trek api GET /departures --paginate -o ndjson',
        'trek help exit-codes',
      ]),
    );

  for (const flag of Object.values(GLOBAL_FLAGS) as GlobalFlag[]) {
    const option = new Option(flag.flags, flag.description);
    if (flag.choices) option.choices(flag.choices);
    if (flag.default !== undefined) option.default(flag.default);
    program.addOption(option);
  }

  // Only an action needs the flags read (and the settings file under them): --help and --version never load that code.
  // Colour is decided there too: chalk is loaded only when something may be coloured.
  program.hook('preAction', async (_root, action) => {
    (await import('./globals.js')).applyGlobalFlags(program, action, f);
    if (f.io.colorOut || f.io.colorErr) await loadColors();
  });

  const nouns = await Promise.all(NOUNS.map(async (noun) => (typeof noun === 'function' ? noun(f, program) : buildGroup(noun, f, argv, nounOf))));
  for (const noun of nouns) program.addCommand(noun);
  configureHelpTree(program);
  return program;
}
