/** Reason and requirement codes as typed on the command line, and the check of a reason against the API's list. */
import type { OverrideReason } from '../../api/resources/overrides.js';
import { UsageError } from '../../errors.js';
import { formatValue } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import type { Prompter } from '../../prompt/prompter.js';

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
  throw new UsageError(
    `unknown --reason "${code}"`,
    `Reasons: ${reasons.map((r) => sanitize(formatValue(r.code))).join(', ')} (\`trek override reasons\` shows what they mean).`,
  );
}

/** A pick from the reasons with their labels, or a typed code when the server lists none. */
export async function askReason(prompter: Prompter, reasons: OverrideReason[] | undefined, message: string): Promise<string> {
  if (reasons && reasons.length > 0) {
    return prompter.select(message, reasons.map((r) => ({ name: sanitize(`${formatValue(r.code)} — ${formatValue(r.label)}`), value: r.code })));
  }
  const typed = await prompter.input(`${message} (a code such as PASSPORT_RENEWAL)`, { validate: (value) => /^[A-Za-z][A-Za-z0-9_]*$/.test(value.trim()) || 'enter a code such as PASSPORT_RENEWAL' });
  return parseCode(typed, '--reason');
}
