/**
 * What completes a traveller's readiness, in words and as commands: an item is not always a
 * fact to fill in. A birth date on file that makes a child too young for an adults-only tour,
 * a Mx title that carries no gender, a passport that expires before the trip ends are facts
 * already known; the fix is an override or a renewed passport, and the hint says why.
 */
import type { Customer } from '../../api/resources/customers.js';
import { displayValue } from '../../output/value.js';
import { FLAGS_FOR_ITEM, updateWordsFor } from '../customer/flags.js';

export interface Fix {
  /** The reason in words, when the command alone would not say it. */
  reasons: string[];
  /** Command lines, each a list of words to paste. */
  commands: string[][];
}

/** Items whose fix depends on what the customer record holds (readinessFixes reads it for them). */
export const ITEMS_JUDGED_BY_RECORD: ReadonlySet<string> = new Set(['AGE_RESTRICTED', 'GENDER', 'PASSPORT_EXPIRY']);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

function overrideWords(booking: string, customer: string, requirement: string, reason: string): string[] {
  return ['trek', 'override', 'add', '--booking', booking, '--customer', customer, '--requirement', requirement, '--reason', reason];
}

/**
 * The fixes for the `items` a customer still misses on `booking`. `customer` is the record
 * (its birth date, title and passport say which fix applies); `tripEnd` the last day of travel
 * (the checkin's `expires`). Items only a customer update completes are one update command.
 */
export function readinessFixes(booking: string, customerId: string, items: readonly string[], customer: Partial<Customer> | undefined, tripEnd: string | null | undefined): Fix {
  const reasons: string[] = [];
  const overrides: string[][] = [];
  const update: string[] = [];
  const birth = text(customer?.date_of_birth);
  const title = text(customer?.name?.title);
  const expiry = text(customer?.passport?.expiry_date);
  for (const item of new Set(items)) {
    if (item === 'AGE_RESTRICTED' && birth !== undefined) {
      reasons.push(`born ${displayValue(birth)}: under the tour's minimum age, a fact no update changes; waive it for a minor travelling with a guardian`);
      overrides.push(overrideWords(booking, customerId, 'AGE_RESTRICTION', 'MINOR_TRAVELLER'));
    } else if (item === 'GENDER' && title === 'Mx') {
      reasons.push('title Mx records no gender; if the passport shows one, give that title (Mr, Mrs, Ms or Miss), else waive the requirement');
      update.push('GENDER');
      overrides.push(overrideWords(booking, customerId, 'PERSONAL_DETAILS', 'NOT_APPLICABLE'));
    } else if (item === 'PASSPORT_EXPIRY' && expiry !== undefined) {
      reasons.push(
        `passport expires ${displayValue(expiry)}${tripEnd ? `, before the trip ends ${displayValue(tripEnd)}` : ', before the trip'}: give the renewed passport, or waive it while it is being renewed`,
      );
      update.push('PASSPORT_NUMBER', 'PASSPORT_EXPIRY');
      overrides.push(overrideWords(booking, customerId, 'PASSPORT_INFORMATION', 'PASSPORT_RENEWAL'));
    } else if (item === 'MIDDLE_NAME') {
      // The sandbox (and the operator) take a passport on file as the answer "no middle name".
      reasons.push("no middle name on file; if the passport shows none, leave --middle-name out: the passport's number answers it");
      update.push(item);
    } else if (FLAGS_FOR_ITEM[item]) update.push(item);
  }
  const words = updateWordsFor(customerId, update);
  return { reasons, commands: [...(words ? [words] : []), ...overrides] };
}

/** `text` as shell comment lines ("  # …") no wider than `width` (unless one word is), so a pasted block runs only its commands. */
export function wrapComment(text: string, width: number, indent = '  # '): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line].map((l) => `${indent}${l}`).join('\n');
}
