import { Command, CommanderError } from 'commander';
import { ApiError, outcomeUnknown } from './api/errors.js';
import { globalFlagsFromArgv } from './config/global-flags.js';
import { newRootCmd } from './commands/root.js';
import { COMPLETE_COMMAND } from './completion/protocol.js';
import { CancelError, carriesExit, ExitCode, UsageError, type ExitCodeValue } from './errors.js';
import type { Factory } from './factory.js';
import { isJsonFormat } from './output/formats.js';
import { sanitize, toSafeJson } from './output/sanitize.js';
import { loadTheme } from './output/theme.js';

/**
 * Runs one invocation and returns its exit code. This is the only place where errors become
 * exit codes (docs/architecture.md); bin/trek is the only caller of process.exit.
 */
export async function main(argv: string[], f: Factory): Promise<number> {
  // Replaced once the global flags are parsed: until then, only the command line says whether errors are JSON.
  const unparsedGlobals = f.globals;
  const errorsAsJson = (): Promise<boolean> => jsonErrorsWanted(f.globals === unparsedGlobals ? outputFromArgv(argv) : f.globals, f);
  // What commander prints for a parse error waits until trek knows whether errors are JSON.
  const commanderText: CommanderText[] = [];
  try {
    // The words of `trek __complete` are the line being completed, not flags for trek to act on.
    // Its engine is for TAB only, and so is the tree it walks, whose nouns come from its manifest.
    const completion = argv[0] === COMPLETE_COMMAND ? await import('./commands/completion/complete.js') : undefined;
    const program = await (completion ? completion.completionTree(f, argv) : newRootCmd(f, argv));
    configureTree(program, f, commanderText);
    if (completion) return await completion.runComplete(program, argv.slice(1), f);
    await program.parseAsync(argv, { from: 'user' });
    await printCommanderText(commanderText, f);
    return ExitCode.ok;
  } catch (thrown) {
    // Only an API error can be an id of another kind: --help, --version and usage errors never load that code.
    const error = thrown instanceof ApiError ? await (await import('./commands/id-kind.js')).explainNotFound(thrown, () => f.api(), argv) : thrown;
    if (outcomeUnknown(error) && error.hint === undefined) error.hint = (await import('./commands/unknown-outcome.js')).unknownOutcomeHint(error, argv);
    // --help and --version end as exit-0 CommanderErrors: they never read the config to decide.
    return await report(error, f, exitCodeFor(error) !== ExitCode.ok && (await errorsAsJson()), commanderText);
  } finally {
    await f.close();
  }
}

/** Text commander writes to stderr: an error message, or the help shown for a command given without its verb. */
interface CommanderText {
  text: string;
  isError: boolean;
}

/**
 * Commander settings are not inherited through addCommand, so apply them to every command.
 * Its stderr text is kept in `stderrText`, to be printed, or reported as JSON, once trek knows
 * which the error wants (the output setting may say JSON).
 */
function configureTree(command: Command, f: Factory, stderrText: CommanderText[]): void {
  command.exitOverride();
  command.showSuggestionAfterError(true);
  command.configureOutput({
    writeOut: (text) => f.io.out.write(text),
    writeErr: (text) => stderrText.push({ text, isError: false }),
    outputError: (text) => stderrText.push({ text, isError: true }),
  });
  for (const sub of command.commands) configureTree(sub, f, stderrText);
}

async function printCommanderText(texts: CommanderText[], f: Factory): Promise<void> {
  const theme = await loadTheme(f.io.colorErr && texts.some(({ isError }) => isError));
  // Commander's messages repeat what was typed, which may hold escape sequences.
  for (const { text, isError } of texts.splice(0)) f.io.err.write(isError ? theme.error(sanitize(text, { multiline: true })) : text);
}

interface OutputFlags {
  output?: string;
  jq?: string;
}

/**
 * -o/--output, --json and --jq as commander will read them, from the words of the command line:
 * a parse error can come before the global flags are read. The last -o wins, -o wins over
 * --json, nothing after `--` is a flag.
 */
export function outputFromArgv(argv: readonly string[]): OutputFlags {
  const { output, json, jq } = globalFlagsFromArgv(argv, ['output', 'json', 'jq']);
  return { output: typeof output === 'string' ? output : json ? 'json' : undefined, jq: typeof jq === 'string' ? jq : undefined };
}

/**
 * Errors are one JSON object when the output is JSON: by -o json|ndjson, --json or --jq, else by
 * the profile's output or the `output` setting (read only now, when something failed).
 */
async function jsonErrorsWanted(flags: OutputFlags, f: Factory): Promise<boolean> {
  if (flags.output !== undefined || flags.jq !== undefined) return isJsonFormat(flags);
  try {
    const configured = (await f.profile()).output ?? (await import('./config/store.js')).readSettings(f.paths()).output;
    return isJsonFormat({ output: configured });
  } catch {
    // A config file trek cannot read is itself the error being reported: in words.
    return false;
  }
}

/** How trek ends on `error`: what it carries (src/errors.ts), commander's parse errors, else a bug. */
export function exitCodeFor(error: unknown): ExitCodeValue {
  if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  if (carriesExit(error)) return error.exitCode;
  return ExitCode.unexpected;
}

/**
 * Prints the error for people, or as one JSON object for scripts. Every message may carry server
 * text (a field name, a status, a Location) or typed text, so each is sanitised here, once, for
 * every kind of error (JSON escapes what a terminal could act on).
 */
async function report(error: unknown, f: Factory, asJson: boolean, commanderText: CommanderText[]): Promise<number> {
  const code = exitCodeFor(error);
  const { err } = f.io;
  if (asJson && code !== ExitCode.ok) {
    const printed = commanderText
      .splice(0)
      .map(({ text }) => text)
      .join('');
    err.write(`${toSafeJson({ error: jsonError(error, printed), exit_code: code })}\n`);
    return code;
  }
  // Commander's own message (and suggestion) for parse errors.
  if (error instanceof CommanderError) {
    await printCommanderText(commanderText, f);
    return code;
  }
  const theme = await loadTheme(f.io.colorErr);

  if (error instanceof ApiError) {
    const status = error.status ? ` (HTTP ${error.status})` : '';
    err.write(`${theme.error('error:')} ${sanitize(error.message)}${status}\n`);
    for (const detail of error.body?.errors ?? []) {
      const where = [detail.field, detail.code]
        .filter(Boolean)
        .map((s) => sanitize(String(s)))
        .join(': ');
      err.write(`  - ${where}${where && detail.detail ? ' — ' : ''}${sanitize(detail.detail ?? '')}\n`);
    }
    if (error.body?.error_id) err.write(`  error_id: ${sanitize(error.body.error_id)}\n`);
    if (error.hint) err.write(`${sanitize(error.hint)}\n`);
    return code;
  }
  if (error instanceof CancelError && error.declined) {
    err.write(`${sanitize(error.message)}\n`);
    return code;
  }
  if (error instanceof UsageError || error instanceof CancelError || code !== ExitCode.unexpected) {
    // Multi-line usage messages (a list of reasons) keep their lines; escapes never survive.
    err.write(`${theme.error(error instanceof CancelError ? 'cancelled:' : 'error:')} ${sanitize((error as Error).message, { multiline: true })}\n`);
    if (error instanceof UsageError && error.hint) err.write(`${sanitize(error.hint, { multiline: true })}\n`);
    return code;
  }
  const message = error instanceof Error ? error.message : String(error);
  err.write(`${theme.error('unexpected error:')} ${sanitize(message, { multiline: true })}\n`);
  if (f.globals.verbose && error instanceof Error && error.stack) {
    const { sourceMappedStack } = await import('./util/stack.js');
    err.write(`${sanitize(sourceMappedStack(error.stack), { multiline: true })}\n`);
  } else err.write('Run again with --verbose for details; please report this at the project tracker.\n');
  return code;
}

/**
 * The `error` member of a JSON error: the API's own error body for an HTTP error (spec §7.2),
 * otherwise `message` and a `code` naming the kind, with `field` (the flag or argument at
 * fault) and `hint` when known.
 */
export function jsonError(error: unknown, commanderText = ''): Record<string, unknown> {
  if (error instanceof CommanderError) return commanderJsonError(error, commanderText);
  if (carriesExit(error)) return error.toJson();
  return { message: error instanceof Error ? error.message : String(error), code: 'unexpected' };
}

/**
 * Commander's parse errors: its code in snake case (`commander.unknownOption` → unknown_option),
 * the flag or argument its message quotes as `field`. A command given without its verb shows
 * help on stderr: here the message says so and `help` carries that text.
 */
function commanderJsonError(error: CommanderError, printed: string): Record<string, unknown> {
  const kind = error.code.replace(/^commander\./, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  if (kind === 'help') return { message: 'a command is required here', code: 'missing_command', help: printed };
  const message = error.message.replace(/^error: /, '');
  const quoted = /'([^']*)'/.exec(message)?.[1];
  // `option '-o, --output <format>' argument 'x' is invalid`: an option is named by its long flag;
  // an unknown option (or argument) as typed.
  const field = quoted === undefined || kind === 'unknown_command' ? undefined : kind === 'unknown_option' ? quoted : (/--[\w-]+/.exec(quoted)?.[0] ?? quoted);
  return { message, code: kind, ...(field !== undefined && { field }) };
}
