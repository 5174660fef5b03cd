import { Command, CommanderError } from 'commander';
import { ApiError } from './api/errors.js';
import { newRootCmd } from './commands/root.js';
import { COMPLETE_COMMAND } from './completion/protocol.js';
import { CancelError, ExitCode, UsageError, type ExitCodeValue } from './errors.js';
import type { Factory } from './factory.js';
import { sanitize, toSafeJson } from './output/sanitize.js';

/**
 * Runs one invocation and returns its exit code. This is the only place where errors become
 * exit codes (DESIGN.md §2); bin/trek is the only caller of process.exit.
 */
export async function main(argv: string[], f: Factory): Promise<number> {
  try {
    // The words of `trek __complete` are the line being completed, not flags for trek to act on.
    // Its engine (and the history it reads) is for TAB only, read while the tree is built.
    const completion = argv[0] === COMPLETE_COMMAND ? import('./commands/completion/complete.js') : undefined;
    const program = await newRootCmd(f, argv);
    configureTree(program, f);
    if (completion) return await (await completion).runComplete(program, argv.slice(1), f);
    await program.parseAsync(argv, { from: 'user' });
    return ExitCode.ok;
  } catch (error) {
    return await report(error, f);
  } finally {
    await f.close();
  }
}

/** Commander settings are not inherited through addCommand, so apply them to every command. */
function configureTree(command: Command, f: Factory): void {
  command.exitOverride();
  command.showSuggestionAfterError(true);
  command.configureOutput({
    writeOut: (text) => f.io.out.write(text),
    writeErr: (text) => f.io.err.write(text),
    // Commander's messages repeat what was typed, which may hold escape sequences.
    outputError: (text, write) => write(f.theme('err').error(sanitize(text, { multiline: true }))),
  });
  for (const sub of command.commands) configureTree(sub, f);
}

export function exitCodeForStatus(status: number | undefined): ExitCodeValue {
  if (status === undefined) return ExitCode.server;
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404 || status === 410) return ExitCode.notFound;
  if (status === 429) return ExitCode.rateLimited;
  if (status >= 500) return ExitCode.server;
  if (status >= 400) return ExitCode.rejected;
  return ExitCode.server;
}

export function exitCodeFor(error: unknown): ExitCodeValue {
  if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  if (error instanceof UsageError) return ExitCode.usage;
  if (error instanceof CancelError) return ExitCode.interrupted;
  if (error instanceof ApiError) {
    if (error.kind === 'http') return exitCodeForStatus(error.status);
    // A write redirected to another origin: trek refused to follow, as the API might have refused the request.
    return error.kind === 'redirect' ? ExitCode.rejected : ExitCode.server;
  }
  // A damaged config file, or a sandbox snapshot this trek cannot read: the user's file to fix, not a bug.
  if (error instanceof Error && (error.name === 'ConfigError' || error.name === 'SnapshotError')) return ExitCode.usage;
  // The flex pre-flight found rules the API would refuse on, so nothing was sent (`--force` sends it: exit 5 if refused).
  if (error instanceof Error && error.name === 'FlexRefusedError') return ExitCode.usage;
  // `trek webhooks verify`: the body's signature is not the profile key's.
  if (error instanceof Error && error.name === 'SignatureMismatchError') return ExitCode.auth;
  return ExitCode.unexpected;
}

/**
 * Prints the error for people. Every message may carry server text (a field name, a status, a
 * Location) or typed text, so each is sanitised here, once, for every kind of error.
 */
async function report(error: unknown, f: Factory): Promise<number> {
  const code = exitCodeFor(error);
  // Commander has already printed its own message (and suggestion) for parse errors.
  if (error instanceof CommanderError) return code;
  const { err } = f.io;
  const theme = f.theme('err');
  const jsonOutput = f.globals.output === 'json' || f.globals.output === 'ndjson';

  if (error instanceof ApiError && jsonOutput) {
    const body = error.body ?? { message: error.message };
    err.write(`${toSafeJson({ error: body, exit_code: code })}\n`);
    return code;
  }
  if (error instanceof ApiError) {
    const status = error.status ? ` (HTTP ${error.status})` : '';
    err.write(`${theme.error('error:')} ${sanitize(error.message)}${status}\n`);
    for (const detail of error.body?.errors ?? []) {
      const where = [detail.field, detail.code].filter(Boolean).map((s) => sanitize(String(s))).join(': ');
      err.write(`  - ${where}${where && detail.detail ? ' — ' : ''}${sanitize(detail.detail ?? '')}\n`);
    }
    if (error.body?.error_id) err.write(`  error_id: ${sanitize(error.body.error_id)}\n`);
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

