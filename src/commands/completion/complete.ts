import type { Command } from 'commander';
import { complete } from '../../completion/engine.js';
import { manifestOf, nounFromManifest, readManifest, type Manifest } from '../../completion/manifest.js';
import { Directive, formatCompletion } from '../../completion/protocol.js';
import { ExitCode } from '../../errors.js';
import { createFactory, type Factory } from '../../factory.js';
import { systemIO } from '../../output/iostreams.js';
import { newRootCmd } from '../root.js';

/** Beside the bundles, which the same build writes (build.mjs); from src/ (tests in-process) there is none. */
export const MANIFEST_FILE = new URL('./completion.json', import.meta.url);

/** What build.mjs writes to MANIFEST_FILE: every noun of the whole tree, as the bundles build it. */
export async function completionManifest(): Promise<Manifest> {
  return manifestOf(await newRootCmd(createFactory({ io: systemIO({}), env: {}, version: '' })));
}

/**
 * The tree `trek __complete <words…>` walks: the nouns named on the line built from the manifest
 * (read only then), so their verbs' code is neither read nor run; the real nouns when the
 * manifest is missing or unreadable, and for a slot whose completer is code (manifest.ts).
 */
export function completionTree(f: Factory, argv: readonly string[], file = MANIFEST_FILE): Promise<Command> {
  let real: Promise<Command> | undefined;
  const realRoot = () => (real ??= newRootCmd(f, argv));
  let manifest: Manifest | undefined | null = null;
  return newRootCmd(f, argv, (name) => {
    if (manifest === null) manifest = readManifest(file);
    return manifest && nounFromManifest(manifest, name, realRoot);
  });
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
