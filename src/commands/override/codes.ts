/** Reason and requirement codes as typed on the command line, and their checks against what the API lists. */
import type { Checkin } from '../../api/resources/checkins.js';
import type { Override, OverrideReason } from '../../api/resources/overrides.js';
import { UsageError } from '../../errors.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import type { Prompter } from '../../prompt/prompter.js';
import { nearestMatch } from '../../util/nearest.js';

/** `passport_renewal` → PASSPORT_RENEWAL; codes are upper-case words joined by underscores. */
export function parseCode(value: string, flag: string): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z][A-Z0-9_]*$/.test(code)) throw new UsageError(`${flag} must be a code such as PASSPORT_RENEWAL, got "${value}"`);
  return code;
}

/**
 * Refuses a reason code the API does not list, naming the valid ones, before anything is
 * changed. Without the list (a server without the override reasons resource) the API decides.
 */
export function checkReason(code: string, reasons: OverrideReason[] | undefined): void {
  if (!reasons || reasons.some((r) => r.code === code)) return;
  throw new UsageError(`unknown --reason "${code}"`, `Reasons: ${reasons.map((r) => sanitize(displayValue(r.code))).join(', ')} (\`trek override reasons\` shows what they mean).`);
}

/**
 * A pick from the reasons with their labels, or a typed code when the server lists none.
 * `current` (the reason an override has now) is marked and the question starts on it.
 */
export async function askReason(prompter: Prompter, reasons: OverrideReason[] | undefined, message: string, current?: string, suggested?: string): Promise<string> {
  if (reasons && reasons.length > 0) {
    const choices = reasons.map((r) => ({ name: sanitize(`${displayValue(r.code)} — ${displayValue(r.label)}${r.code === current ? ' (current)' : ''}`), value: r.code }));
    const start = [current, suggested].find((code) => code !== undefined && reasons.some((r) => r.code === code));
    return prompter.select(message, choices, start);
  }
  const typed = await prompter.input(`${message} (a code such as PASSPORT_RENEWAL)`, {
    ...(current === undefined ? {} : { default: current }),
    validate: (value) => /^[A-Za-z][A-Za-z0-9_]*$/.test(value.trim()) || 'enter a code such as PASSPORT_RENEWAL',
  });
  return parseCode(typed, '--reason');
}

/** The reason that usually goes with a requirement, under the cursor when the reason is asked (an age restriction is waived for a minor with a guardian). */
export const USUAL_REASON: Readonly<Record<string, string>> = { AGE_RESTRICTION: 'MINOR_TRAVELLER' };

const codesOf = (items: unknown): string[] => (Array.isArray(items) ? items.map((item) => displayValue((item as { code?: unknown } | null)?.code)).filter(Boolean) : []);

/**
 * Refuses a --requirement the customer's checkin does not name, before anything is sent. An
 * override waives a whole requirement (PASSPORT_INFORMATION), so an item code of one
 * (MIDDLE_NAME) is named as an item with its requirement; a requirement of another traveller,
 * or one already waived, is said as such; a typo gets the nearest requirement code. Without a
 * checkin for the customer (not on the booking's services) the API decides.
 *
 * `overrides` are read only when the code is none of the customer's requirements: a waived
 * requirement leaves the checkin, and its override says so.
 */
export async function checkRequirement(code: string, where: { customer: string; booking: string }, checkins: Checkin[], overrides: () => Promise<Override[]>): Promise<void> {
  const own = checkins.find((c) => displayValue(c.customer?.id) === where.customer);
  if (!own) return;
  const requirementsOf = (checkin: Checkin) => (Array.isArray(checkin.requirements) ? checkin.requirements : []);
  const ownCodes = codesOf(requirementsOf(own));
  if (ownCodes.includes(code)) return;
  const who = `customer ${sanitize(where.customer)} on booking ${sanitize(where.booking)}`;
  const theirs = ownCodes.length > 0 ? `Requirements of ${who}: ${sanitize(ownCodes.join(', '))}.` : `${who} has no requirement left to waive.`;
  const fail = (problem: string, hint: string) => new UsageError(`--requirement ${sanitize(code)}: ${problem}`, hint, { field: '--requirement' });

  const holders = checkins.flatMap(requirementsOf).filter((r) => codesOf(r?.COMPLETE).includes(code) || codesOf(r?.INCOMPLETE).includes(code));
  const holderCodes = [...new Set(codesOf(holders))];
  if (holderCodes.length > 0) {
    const ownHolder = holderCodes.find((c) => ownCodes.includes(c));
    throw fail(
      `${code} is an item of ${holderCodes.join(' and ')}, not a requirement; an override waives a whole requirement`,
      ownHolder === undefined ? theirs : `Waive it with --requirement ${sanitize(ownHolder)}. ${theirs}`,
    );
  }
  const waived = (await overrides()).find((o) => displayValue(o.customer?.id) === where.customer && displayValue(o.requirement?.code) === code);
  if (waived) {
    throw fail(`already waived for ${who} by override ${sanitize(displayValue(waived.id))}`, `\`trek override update ${sanitize(displayValue(waived.id))} --reason CODE\` changes its reason.`);
  }
  if (checkins.some((c) => codesOf(requirementsOf(c)).includes(code))) throw fail(`not required of ${who}`, theirs);
  const known = [...new Set(checkins.flatMap((c) => codesOf(requirementsOf(c))))];
  const nearest = nearestMatch(code, known);
  throw fail(`no checkin of booking ${sanitize(where.booking)} names this requirement${nearest === undefined ? '' : `; did you mean ${sanitize(nearest)}?`}`, theirs);
}
