/**
 * What the type-to-filter pickers share: a source that waits for a pause in typing and drops
 * answers overtaken by newer text, server errors shown safely in the list, and choices cut to
 * the terminal's width.
 */
import { sanitize } from '../../output/sanitize.js';
import { textTools } from '../../output/text.js';
import type { Choice, SearchSource, Separator } from '../../prompt/prompter.js';

/** How long typing must pause before the catalogue is asked: a word is one request, not one per letter. */
export const TYPING_PAUSE_MS = 250;

/** Thrown into the search prompt for an answer nobody waits for any more; the prompt ignores it. */
class Overtaken extends Error {
  constructor() {
    super('overtaken by newer text');
    this.name = 'AbortError';
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Overtaken());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Overtaken());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A search source from a lookup of the typed text: the list before anything is typed comes at
 * once; typed text is looked up after a pause in typing (`pauseMs`) and only if nothing newer
 * was typed meanwhile; an answer that arrives after newer text is dropped. A failed lookup
 * becomes a terminal-safe message the list shows in place of its choices.
 */
export function typedSearch<T>(lookup: (term: string | undefined) => Promise<ReadonlyArray<Choice<T> | Separator>>, pauseMs = TYPING_PAUSE_MS): SearchSource<T> {
  return async (term, signal) => {
    const typed = term?.trim() || undefined;
    if (typed !== undefined) await pause(pauseMs, signal);
    let found: ReadonlyArray<Choice<T> | Separator>;
    try {
      found = await lookup(typed);
    } catch (error) {
      if (signal.aborted) throw new Overtaken();
      throw new Error(sanitize(error instanceof Error ? error.message : String(error)), { cause: error });
    }
    if (signal.aborted) throw new Overtaken();
    return found;
  };
}

/**
 * Choices and headings cut to a terminal `columns` wide: a choice's line starts with the
 * two-column cursor, a heading with a space; one column is kept free so a full line never
 * wraps. Every text here is already sanitized.
 */
export async function fitToWidth<Item extends Choice<unknown> | Separator>(items: readonly Item[], columns: number): Promise<Item[]> {
  const { cut } = await textTools();
  const room = Math.max(10, columns - 3);
  return items.map((item) =>
    'separator' in item
      ? { ...item, separator: cut(item.separator, room + 1) }
      : {
          ...item,
          name: cut(item.name, room),
          ...(item.description === undefined ? {} : { description: cut(item.description, room + 2) }),
          ...(item.short === undefined ? {} : { short: cut(item.short, room) }),
        },
  );
}
