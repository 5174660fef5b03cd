import { UsageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { pagerCommand } from '../output/pager.js';
import type { OutputSpec } from '../output/render.js';
import { parseFormat } from './flags.js';

/**
 * The output settings of this invocation: -o/--json > --jq (JSON) > the profile's output > the
 * `output` setting > table on a TTY, JSON in a pipe. A --jq program is compiled here, before
 * the command sends anything.
 */
export async function outputSpec(f: Factory): Promise<OutputSpec> {
  let format = f.globals.output;
  const program = f.globals.jq;
  if (program !== undefined && format !== undefined && format !== 'json' && format !== 'ndjson') {
    throw new UsageError(`--jq filters JSON output; it does not go with -o ${format}`, 'Leave -o out (--jq implies -o json), or use -o ndjson to run the program on each record.', { field: '--jq' });
  }
  if (program !== undefined) format ??= 'json';
  if (!format) {
    const profile = await f.profile();
    const configured = profile.output ?? (await f.config()).getSetting('output');
    format = configured ? parseFormat(configured, 'output setting') : f.io.stdoutIsTTY ? 'table' : 'json';
  }
  const pager = f.globals.pager && f.io.stdoutIsTTY ? pagerCommand(f.env) : undefined;
  const jq = program === undefined ? undefined : await (await import('../output/jq.js')).compileJqFilter(program, { terminal: f.io.stdoutIsTTY });
  return { format, fields: f.globals.fields, color: f.io.colorOut, width: f.io.columns, timeZone: f.globals.tz, wide: f.globals.wide, pager, jq };
}
