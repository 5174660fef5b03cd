import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import type { Prompter } from '../../prompt/prompter.js';
import { dayIn } from '../../util/dates.js';
import { confirmDestructive } from '../ask-or-refuse.js';
import { examples } from '../flags.js';
import { parseInstant } from './clock.js';
import { DATA_HELP, dataFileFlag, parseCatalogueFlags, SEED_HELP, SIZE_HELP, type CatalogueFlags } from './data.js';

export interface ResetOptions {
  io: IOStreams;
  prompter: () => Prompter;
  yes: boolean;
  dataFile: string;
  /** Undefined: keep the file's seed and size. */
  seed?: number;
  size?: number;
  /** ISO datetime the fresh store's clock starts at; undefined: real time. */
  clock?: string;
}

export function newResetCmd(f: Factory, runF: (opts: ResetOptions) => Promise<void> = resetRun): Command {
  return new Command('reset')
    .summary('start the sandbox over: fresh catalogue, no bookings')
    .description(
      'Start the sandbox over: a fresh catalogue and agents, no bookings, customers or payments, the clock back to real time ' +
        "(or at --clock DATE, the catalogue's dates following it as if the sandbox were made that day).\n\n" +
        "Works on the local snapshot file (the built-in profile's unless --data), never through a profile's server; " +
        'a `trek sandbox serve` running on the same file picks the change up at once.',
    )
    .option('--seed <n>', `${SEED_HELP}; default: keep the current one`)
    .option('--size <n>', `${SIZE_HELP}; default: keep the current one`)
    .option('--clock <date>', 'start the fresh clock at DATE (2027-01-10, an ISO datetime, or relative to the real today: +365d) instead of real time')
    .option('--data <file>', DATA_HELP)
    .option('-y, --yes', 'reset without asking (required when not interactive)')
    .addHelpText(
      'after',
      examples([
        'trek sandbox reset',
        'trek sandbox reset --seed 7 --size 100000 --yes',
        'trek sandbox reset --data ./sandbox.json --yes',
        'trek sandbox reset --clock 2027-01-10 --yes   # the same catalogue dates on any day',
      ]),
    )
    .action(async (flags: { data?: string; yes?: boolean; clock?: string } & CatalogueFlags) => {
      const catalogue = await parseCatalogueFlags(flags);
      // A fresh store starts on real time, so a relative --clock counts from this machine's today.
      const clock = flags.clock === undefined ? {} : { clock: parseInstant(flags.clock, '--clock', dayIn(f.now(), f.globals.tz)) };
      await runF({ io: f.io, prompter: () => f.prompter(), yes: Boolean(flags.yes), dataFile: dataFileFlag(f, flags.data), ...catalogue, ...clock });
    });
}

export async function resetRun(opts: ResetOptions): Promise<void> {
  await confirmDestructive(opts, `Reset the sandbox in ${opts.dataFile}, deleting every booking, customer and payment in it?`);
  const { resetSandbox } = await import('../../sandbox/index.js');
  const { damagedKeptAs } = await resetSandbox(opts.dataFile, { seed: opts.seed, size: opts.size, now: opts.clock === undefined ? undefined : new Date(opts.clock) });
  const shape = [opts.seed === undefined ? '' : `seed ${opts.seed}`, opts.size === undefined ? '' : `size ${opts.size}`, opts.clock === undefined ? '' : `clock at ${opts.clock}`]
    .filter(Boolean)
    .join(', ');
  opts.io.err.write(`Sandbox reset: ${opts.dataFile}${shape ? ` (${shape})` : ''}.\n`);
  if (damagedKeptAs) opts.io.err.write(`The damaged snapshot it replaced is kept as ${damagedKeptAs}.\n`);
}
