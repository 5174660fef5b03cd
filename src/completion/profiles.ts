import type { TrekPaths } from '../config/paths.js';
import { peekConfig } from '../config/peek.js';
import { BUILTIN_SANDBOX_PROFILE as BUILTIN_PROFILE } from '../config/resolve.js';
import type { Candidate } from './protocol.js';

/** Configured profiles and the built-in sandbox, described by their base URL (never their key). */
export function profileCandidates(paths: TrekPaths): Candidate[] {
  const { current, profiles } = peekConfig(paths);
  const mark = (name: string) => (name === current ? ' (current)' : '');
  const configured = Object.entries(profiles)
    .filter(([name]) => name !== BUILTIN_PROFILE)
    .map(([name, record]) => ({ value: name, description: `${record.base_url ?? 'no base URL'}${mark(name)}` }));
  return [...configured, { value: BUILTIN_PROFILE, description: `built-in sandbox${mark(BUILTIN_PROFILE)}` }];
}
