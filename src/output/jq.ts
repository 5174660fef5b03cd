/**
 * --jq: a jq program applied to what `-o json` (or `-o ndjson`, record by record) would print.
 * The program runs in jq itself — jq 1.8 compiled to WebAssembly (the jq-wasm package) — so
 * every filter, function and error is jq's own. It is loaded only when --jq is given.
 */
import { UsageError } from '../errors.js';
import { sanitize, toSafeJson } from './sanitize.js';

/** The text --jq prints for one JSON document: each value the program yields on a line of its own. */
export type JqFilter = (document: unknown) => string;

/** jq's exit status for a program that does not compile. */
const COMPILE_ERROR = 3;

/**
 * Compiles `program` (a usage error naming --jq and quoting jq's message if it does not compile),
 * before anything is sent. As in `gh --jq`: a string value prints as plain text (like `jq -r`);
 * any other value as JSON, indented on a terminal and on one line in a pipe.
 */
export async function compileJqFilter(program: string, options: { terminal: boolean }): Promise<JqFilter> {
  const { loadJq } = await import('jq-wasm');
  const jq = await loadJq();
  // jq has no compile-only switch: in a branch never taken the program is compiled (syntax,
  // unknown functions and variables) without running on anything.
  if (jq.raw(null, `if false then (${program}\n) else empty end`).exitCode !== 0) {
    // Run bare, a program that does not compile still does not run; its message then quotes the
    // program as typed. (One that compiles bare only failed for the wrapping, e.g. a top-level import.)
    const bare = jq.raw(null, program);
    if (bare.exitCode === COMPILE_ERROR) throw jqError(bare.stderr);
  }
  const indent = options.terminal ? 2 : 0;
  return (document) => {
    let values: unknown[];
    try {
      values = jq.json(document as object, program);
    } catch (error) {
      throw jqError((error as { stderr?: string }).stderr || (error as Error).message);
    }
    // Strings are server text printed as such: made safe for a terminal, as every view's text is.
    return values.map((value) => `${typeof value === 'string' ? sanitize(value, { multiline: true }) : toSafeJson(value, indent)}\n`).join('');
  };
}

function jqError(stderr: string): UsageError {
  return new UsageError(`--jq: ${stderr.trim()}`, undefined, { field: '--jq' });
}
