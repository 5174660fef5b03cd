/**
 * Which profile a command uses: --profile, else TREK_PROFILE, else the config file's current
 * profile, else the built-in sandbox profile. Written once, here: resolve.ts asks it for a
 * command's profile, peek.ts for completion and the id history (which must never fail).
 * Nothing here imports the config store, so the store can use the built-in name too.
 */
import { UsageError } from '../errors.js';

/** Needs no set-up: with no base URL it runs the sandbox in-process (docs/architecture.md §2). */
export const BUILTIN_SANDBOX_PROFILE = 'sandbox';

export type ProfileNameSource = 'flag' | 'env' | 'config' | 'default';

/**
 * The name and where it came from; not checked to exist. An empty flag, variable or current
 * profile counts as unset. `current` reads the config file, so it is called only when needed.
 */
export function pickProfileName(flag: string | undefined, envProfile: string | undefined, current: () => string | undefined): { name: string; source: ProfileNameSource } {
  if (flag) return { name: flag, source: 'flag' };
  if (envProfile) return { name: envProfile, source: 'env' };
  const configured = current();
  if (configured) return { name: configured, source: 'config' };
  return { name: BUILTIN_SANDBOX_PROFILE, source: 'default' };
}

/** Lists the profiles that do exist, the built-in one first. `origin` says where the name came from. */
export function unknownProfileError(store: { profiles(): Record<string, unknown> }, name: string, origin?: string): UsageError {
  const known = [BUILTIN_SANDBOX_PROFILE, ...Object.keys(store.profiles()).sort()];
  return new UsageError(
    `unknown profile ${JSON.stringify(name)}${origin ? ` (${origin})` : ''}; known profiles: ${known.join(', ')}`,
    `Add it with: trek profile add ${name} --base-url URL --api-key-stdin`,
  );
}
