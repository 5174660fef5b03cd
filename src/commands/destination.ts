/**
 * Where a change goes, said in the summary of each change and before a command's first
 * question: the built-in sandbox, or a profile and its base URL.
 */
import type { Factory } from '../factory.js';
import type { IOStreams } from '../output/iostreams.js';
import { sanitizeUrl } from '../output/sanitize.js';
import { makeTheme } from '../output/theme.js';
import type { Prompter } from '../prompt/prompter.js';
import { writeNotes } from './stderr-notes.js';

/**
 * The API a command changes things on, as its summary line and its prompts name it: on the
 * built-in sandbox "[sandbox]", plainly (as the Stripe CLI marks test mode), elsewhere the profile
 * and its base URL, so a change on the real service never reads like one on the sandbox.
 */
export interface Destination {
  profile: string;
  /** The built-in sandbox, answered in this process. */
  sandbox: boolean;
  baseUrl?: string;
  /** Where the base URL came from when not from the profile itself (--base-url, TREK_BASE_URL). */
  baseUrlFrom?: string;
}

export async function destinationOf(f: Factory): Promise<Destination> {
  const profile = await f.profile();
  const from = { flag: '--base-url', env: 'TREK_BASE_URL' }[profile.sources.baseUrl as string];
  return { profile: profile.name, sandbox: profile.builtinSandbox, baseUrl: profile.baseUrl, ...(from && { baseUrlFrom: from }) };
}

/** `[sandbox]`, or `on profile work (https://api.example.com)`. */
export function destinationLabel(destination: Destination, color = false): string {
  if (destination.sandbox) return makeTheme(color).warning('[sandbox]');
  const url = [destination.baseUrl && sanitizeUrl(destination.baseUrl), destination.baseUrlFrom && `from ${destination.baseUrlFrom}`].filter(Boolean).join(', ');
  return `on profile ${destination.profile}${url ? ` (${url})` : ''}`;
}

/**
 * The summary of a change, on stderr: `✓ Created booking 200009 [sandbox]`, or `✓ Created
 * booking 200009 on profile work (https://api.example.com)`. `summary` is already safe to print;
 * the destination ends its first line (in place of a full stop), further lines follow as given.
 */
export async function reportChange(opts: { io: IOStreams; destination: () => Promise<Destination> }, summary: string): Promise<void> {
  const color = opts.io.colorErr;
  const label = destinationLabel(await opts.destination(), color);
  const [first, ...more] = summary.split('\n');
  const lines = [`${makeTheme(color).success('✓')} ${first.replace(/\.$/, '')} ${label}`, ...more];
  // On a terminal the first line's continuations go under its text, past the ✓.
  await writeNotes(opts.io, lines, 2);
}

/**
 * The prompter of a command that works on the API: before its first question it says where the
 * answers will go ("Working on profile work (https://…)", "Working on the built-in sandbox [sandbox]").
 */
export function destinationPrompter(f: Factory, destination: () => Promise<Destination>): () => Prompter {
  let headed = false;
  const header = async () => {
    if (headed) return;
    headed = true;
    const where = await destination();
    const label = destinationLabel(where, f.io.colorErr);
    f.io.err.write(`Working ${where.sandbox ? `on the built-in sandbox ${label}` : label}\n`);
  };
  const headedPrompter: Prompter = {
    select: async (...args) => (await header(), f.prompter().select(...args)),
    input: async (...args) => (await header(), f.prompter().input(...args)),
    password: async (...args) => (await header(), f.prompter().password(...args)),
    confirm: async (...args) => (await header(), f.prompter().confirm(...args)),
    search: async (...args) => (await header(), f.prompter().search(...args)),
  };
  return () => headedPrompter;
}
