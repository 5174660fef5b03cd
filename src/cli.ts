import pkg from '../package.json' with { type: 'json' };
import { createFactory } from './factory.js';
import { main } from './main.js';
import { systemIO } from './output/iostreams.js';

/** Entry of the bundle: the real process's streams and environment. */
export function run(argv: string[]): Promise<number> {
  const env = process.env;
  return main(argv, createFactory({ io: systemIO(env), env, version: pkg.version }));
}
