import { Command, Option } from 'commander';
import type { Factory } from '../factory.js';
import { FORMATS } from '../output/formats.js';
import { newAgencyCmd } from './agency/index.js';
import { newAgentCmd } from './agent/index.js';
import { newApiCmd } from './api/index.js';
import { newBookingCmd } from './booking/index.js';
import { newCheckinCmd } from './checkin/index.js';
import { newCompletionCmd } from './completion/index.js';
import { newConfigCmd } from './config/index.js';
import { newCustomerCmd } from './customer/index.js';
import { newFlexCmd } from './flex/index.js';
import { newHelpCmd } from './help/index.js';
import { newItineraryCmd } from './itinerary/index.js';
import { newOverrideCmd } from './override/index.js';
import { newProfileCmd } from './profile/index.js';
import { newSandboxCmd } from './sandbox/index.js';
import { newSearchCmd } from './search/index.js';
import { newServiceCmd } from './service/index.js';
import { examples } from './shared.js';

/** The `trek` program: global flags (valid before or after the subcommand) and the nouns. */
export function newRootCmd(f: Factory): Command {
  const program = new Command('trek')
    .description("Work with the tour operator's reservation API: bookings, customers, services, flex plans and the catalogue.\nWith no profile configured, trek talks to a built-in sandbox, so every command works at once.")
    .version(f.version, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand(false)
    .option('--profile <name>', 'profile to use (env TREK_PROFILE)')
    .option('--base-url <url>', 'API base URL, overriding the profile (env TREK_BASE_URL)')
    .addOption(new Option('-o, --output <format>', 'output format (default: table on a terminal, json in a pipe)').choices(FORMATS))
    .option('--json', 'shorthand for --output json')
    .option('--fields <list>', 'comma-separated fields to show; dotted paths reach nested values (availability.status)')
    .addOption(new Option('--color <when>', 'colour: auto, always or never (NO_COLOR and FORCE_COLOR are honoured)').choices(['auto', 'always', 'never']).default('auto'))
    .option('--verbose', 'trace every HTTP request and response on stderr (keys redacted)')
    .option('--no-input', 'never prompt; a missing value is an error (env TREK_NO_INPUT)')
    .option('--timeout <seconds>', 'request timeout in seconds (default 30)')
    .addHelpText('after', examples([
      'trek search departures --where availability.status=AVAILABLE --limit 5',
      'trek booking create --currency CAD -o json | jq -r .id',
      'trek api GET /departures --paginate -o ndjson',
      'trek help exit-codes',
    ]));

  // Only an action needs the flags read (and the settings file under them): --help and --version never load that code.
  program.hook('preAction', async (_root, action) => (await import('./globals.js')).applyGlobalFlags(program, action, f));

  for (const command of [newSearchCmd(f), newBookingCmd(f), newCustomerCmd(f), newServiceCmd(f), newFlexCmd(f), newOverrideCmd(f), newCheckinCmd(f), newAgentCmd(f), newAgencyCmd(f), newItineraryCmd(f), newApiCmd(f), newSandboxCmd(f), newProfileCmd(f), newConfigCmd(f), newCompletionCmd(f), newHelpCmd(f, program)]) program.addCommand(command);
  return program;
}
