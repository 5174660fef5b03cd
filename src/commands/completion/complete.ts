import type { Command } from 'commander';
import { complete } from '../../completion/engine.js';
import { manifestOf, nounFromManifest, type CommandEntry } from '../../completion/manifest.js';
import { Directive, formatCompletion } from '../../completion/protocol.js';
import { ExitCode } from '../../errors.js';
import { createFactory, type Factory } from '../../factory.js';
import { systemIO } from '../../output/iostreams.js';
import { newRootCmd } from '../root.js';

/** A file per noun, beside the bundles, which the same build writes (build.mjs); from src/ (tests in-process) there is none. */
const MANIFEST_FOLDER = new URL('./completion/', import.meta.url);

/** What build.mjs writes to MANIFEST_FOLDER, `<noun>.json` each: the nouns completionTree may ask for, as the bundles build them. */
export async function completionManifest(): Promise<CommandEntry[]> {
  const asked = new Set<string>();
  const root = await newRootCmd(createFactory({ io: systemIO({}), env: {}, version: '' }), undefined, (name) => void asked.add(name));
  return manifestOf(root).filter(({ name }) => asked.has(name));
}

/**
 * The tree `trek __complete <words…>` walks: the nouns named on the line built from the manifest
 * (read only then), so their verbs' code is neither read nor run; the real nouns when the
 * manifest is missing or unreadable, and for a slot whose completer is code (manifest.ts).
 */
export function completionTree(f: Factory, argv: readonly string[], folder = MANIFEST_FOLDER): Promise<Command> {
  let real: Promise<Command> | undefined;
  const realRoot = () => (real ??= newRootCmd(f, argv));
  return newRootCmd(f, argv, (name) => nounFromManifest(new URL(`${name}.json`, folder), name, realRoot));
}

/** Prints candidates and the directive on stdout; nothing ever reaches stderr, and the exit code is always 0. */
export async function runComplete(program: Command, words: string[], f: Factory): Promise<number> {
  // Warnings a lazy dependency might print (a client notice, say) would land in the middle of the prompt.
  f.io.err = { write: () => true };
  try {
    f.io.out.write(formatCompletion(await complete(program, words, f)));
  } catch {
    f.io.out.write(`:${Directive.error}\n`);
  }
  return ExitCode.ok;
}
