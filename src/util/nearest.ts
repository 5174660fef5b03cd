/**
 * "Did you mean …": the known value nearest to a mistyped one, for every message that refuses
 * a value from a closed list (search values, requirement codes, event types…), so they all
 * suggest alike.
 */
import { distance } from 'fastest-levenshtein';

/**
 * The candidate nearest to `typed` by edit distance, case ignored; undefined when even the
 * nearest differs in more than a third of its characters (then it is no likely typo, and
 * naming it would only mislead).
 */
export function nearestMatch(typed: string, candidates: readonly string[]): string | undefined {
  const wanted = typed.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(wanted, candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  if (best === undefined) return undefined;
  return bestDistance <= Math.max(1, Math.floor(Math.max(wanted.length, best.length) / 3)) ? best : undefined;
}
