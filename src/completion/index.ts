/**
 * Shell completion: what command authors need to know.
 *
 * HOW IT WORKS
 *   completions/trek.{bash,zsh,fish} are thin: on TAB they run `trek __complete <words…>`
 *   (the words after `trek`; the last one is the word under the cursor, possibly empty) and
 *   show what it prints: one `value<TAB>description` line per candidate, then `:<directive>`,
 *   a sum of bit flags (protocol.ts, numbered as in cobra):
 *     0 default      a space after a single match; with no candidates the shell may complete files
 *     1 error        complete nothing
 *     2 no-space     the value goes on (`--where name=`, `--fields a,b`)
 *     4 no-file      never fall back to file names
 *   Commands, subcommands and flags come from the commander tree built by newRootCmd, so new
 *   commands complete with no extra work. The noun named on the line is built from completion's
 *   manifest (manifest.ts): its tree as data, which the build writes beside the bundles
 *   (dist/completion/<noun>.json) from the real tree, so a TAB neither reads nor runs the verbs'
 *   code. A registered completer made by values.ts is stored as its values; any other (a closure,
 *   an API call) makes its slot "live": completing that slot builds the real noun and asks it.
 *   Hidden commands (`{ hidden: true }`) and hidden options are never offered. Static
 *   completion loads neither undici, conf, inquirer nor the sandbox: keep heavy imports lazy
 *   (inside actions) as everywhere else.
 *
 * VALUES: FIRST MATCH WINS
 *   1. A completer registered for the slot: `registerCompleter(cmd, '--reason', completer)` or
 *      `registerCompleter(cmd, 'status', completer)` (argument name as declared), on the command
 *      or an ancestor. For a global flag, register on the command it should apply to. Prefer
 *      values.ts's (valueList for a fixed list): the manifest keeps those, any other loads the noun.
 *      A list command built with addListOptions (src/commands/list.ts) gets --where, --order-by
 *      and --fields from its ListSpec.fields, the field table --where values are checked against.
 *   2. Known slots of existing commands (conventions.ts): `help` topics, `flex attach
 *      --departure-service` (only what its pre-flight allows), `flex terms <departure-service>`.
 *   3. `.choices([...])` of an Option or Argument (e.g. `-o/--output`, `--color`).
 *   4. The flag's name: --profile (profile names), --title, --currency (the agency's booking
 *      currencies), --requirement (the --booking's checkin requirements), --reason,
 *      --departure-service (departure services of --booking, else of recent bookings).
 *   5. Ids from the local history (src/history.ts), by the NAMING CONVENTION below.
 *   A slot with none of these completes nothing, and no file names unless its name ends in
 *   `file` or `dir` (`--input <file>`).
 *
 * NAMING CONVENTION FOR IDS
 *   A slot completes the recent ids of kind K (the noun: booking, customer, service, override,
 *   checkin, …) when
 *     - it is an argument named `<K-id>` or `<K>`        (`.argument('<booking-id>')`, `<service>`)
 *     - it is a flag `--K`, `--K-id` or `--<anything>-K` (`--booking`, `--from-customer` → customer)
 *     - it is a flag whose placeholder is `<K-id>`       (`--for <booking-id>`)
 *     - it is an argument named `<id>` under `trek K …`  (`trek booking get <id>` → booking)
 *   The typed word also matches the start of a word of the label, ignoring case and accents
 *   (`Garc` finds `300011  Ms María José García-O'Neill`), and the shell then puts the id in
 *   its place (Completion.matchDescriptions). The ids got there because commands call, after
 *   creating or showing a resource,
 *     rememberIds(f, 'booking', [{ id: booking.id, label: 'CAD · ext-42' }])   // src/history-record.ts
 *   Labels are a few words to recognise the id by (a name, a date); never keys or whole bodies.
 *
 * DYNAMIC COMPLETERS
 *   A completer gets a CompletionContext (the command, the positional args and flag values
 *   already typed, the profile in use, the factory) and returns candidates; the engine keeps
 *   those that extend the typed word, stops waiting after COMPLETER_DEADLINE_MS and treats a
 *   throw as "no candidates". Network lookups go through `fromApi(ctx, api => …)`: a 1.5 s
 *   deadline, every error swallowed, nothing printed, values from the server offered only when
 *   they match SAFE_SERVER_VALUE (letters, digits, space, `._-`), and no request at all when
 *   the line names a --base-url (network.ts has service transitions and override reasons as
 *   examples).
 *
 * QUOTING
 *   The scripts insert every value quoted for their shell (bash: printf %q; zsh: compadd's own
 *   quoting; fish: its own escaping), so a value is always one word and never shell code.
 */
export { Directive, type Candidate, type Completer, type Completion, type CompletionContext } from './protocol.js';
export { registerCompleter } from './registry.js';
export { fromApi, NETWORK_TIMEOUT_MS } from './network.js';
export { commaList, fieldList, orderByList, plain, valueList, whereCondition } from './values.js';
