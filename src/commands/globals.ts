import type { Command } from 'commander';
import type { RawGlobals } from '../config/global-flags.js';
import { parseTimeoutSeconds, SETTINGS } from '../config/settings.js';
import { readSettings } from '../config/store.js';
import { UsageError } from '../errors.js';
import { applyStreamSettings, type Factory, type GlobalOptions } from '../factory.js';
import { parseFieldsFlag } from '../output/fields.js';
import type { ColorMode } from '../output/iostreams.js';
import { parseFormat } from './flags.js';

/** Sets f.globals and the streams from the global flags of `program`, given on the way to `action`. */
export function applyGlobalFlags(program: Command, action: Command, f: Factory): void {
  const raw = action.optsWithGlobals<RawGlobals>();
  // Stored settings are defaults under the flags (`trek config set color never`); a file trek
  // cannot trust or a setting out of range is refused here (exit 2) rather than half-used.
  const settings = readSettings(f.paths());
  const color = (program.getOptionValueSource('color') === 'default' ? (settings.color ?? raw.color) : raw.color) as ColorMode;
  const timeout = raw.timeout ?? settings.timeout;
  applyStreamSettings(f, color, !raw.input ? '--no-input' : settings.no_input === 'true' ? 'no_input setting' : undefined);
  f.globals = {
    profile: raw.profile,
    baseUrl: raw.baseUrl,
    output: raw.output ? parseFormat(raw.output) : raw.json ? 'json' : undefined,
    fields: raw.fields === undefined ? undefined : parseFieldsFlag(raw.fields),
    color,
    verbose: Boolean(raw.verbose),
    timeoutMs: timeout === undefined ? undefined : parseTimeout(timeout),
    jq: raw.jq,
    pager: raw.pager && settings.pager !== 'never' && f.env.TREK_PAGER !== '',
    wide: Boolean(raw.wide),
    tz: raw.tz === undefined ? settings.tz : parseTimeZone(raw.tz, '--tz'),
    cache: cacheMode(raw),
  };
}

function parseTimeout(value: string): number {
  const seconds = parseTimeoutSeconds(value);
  if (seconds === undefined) throw new UsageError(`--timeout must be ${SETTINGS.timeout.expected}, got ${JSON.stringify(value)}`);
  return Math.round(seconds * 1000);
}

function cacheMode(raw: RawGlobals): GlobalOptions['cache'] {
  if (!raw.cache && raw.refresh) throw new UsageError('--no-cache and --refresh do not go together: --refresh already reads from the API');
  return raw.refresh ? 'refresh' : raw.cache ? 'use' : 'bypass';
}

function parseTimeZone(value: string, flag: string): string {
  const zone = SETTINGS.tz.parse(value);
  if (zone === undefined) throw new UsageError(`${flag} must be ${SETTINGS.tz.expected} (got ${JSON.stringify(value)})`);
  return zone;
}
