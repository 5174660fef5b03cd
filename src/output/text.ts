/**
 * Text as a terminal shows it: how many columns it takes, cut to a width, wrapped to a width.
 * Widths come from string-width (graphemes, East Asian width, emoji sequences), cuts from
 * cli-truncate and wraps from wrap-ansi, which use it too: colour codes take no room, an
 * emoji or a CJK character is never split, and a cut or a wrap never leaves a colour open.
 */

export interface TextTools {
  /** Columns `text` takes on a terminal. */
  width: (text: string) => number;
  /** `text` cut to at most `columns`, ending in '…' when something was cut. */
  cut: (text: string, columns: number) => string;
  /**
   * `text` broken into lines of at most `columns`: at spaces, and inside a word only when the
   * word alone is wider. The first line keeps the text's leading spaces; the others start with
   * `hanging` spaces (default: as many as the first).
   */
  wrap: (text: string, columns: number, hanging?: number) => string[];
}

let tools: Promise<TextTools> | undefined;

/**
 * Loaded by the views that measure text: string-width builds an Intl.Segmenter as it loads,
 * milliseconds that json, csv and the other formats should not pay.
 */
export function textTools(): Promise<TextTools> {
  tools ??= Promise.all([import('string-width'), import('cli-truncate'), import('wrap-ansi')]).then(([{ default: width }, { default: cliTruncate }, { default: wrapAnsi }]) => ({
    width,
    cut(text, columns) {
      if (width(text) <= columns) return text;
      // cli-truncate 5 (the last for Node 20) can end one column over when the cut falls inside a
      // double-width character (cli-truncate#28); asking for one column less then fits.
      let cut = cliTruncate(text, columns);
      for (let narrower = columns - 1; width(cut) > columns && narrower > 0; narrower--) cut = cliTruncate(text, narrower);
      return cut;
    },
    wrap(text, columns, hanging) {
      const lead = /^ */.exec(text)![0];
      const indent = ' '.repeat(hanging ?? lead.length);
      const lines = wrapAnsi(text.slice(lead.length), Math.max(1, columns - Math.max(lead.length, indent.length)), { hard: true }).split('\n');
      return lines.map((line, i) => (i === 0 ? lead : indent) + line);
    },
  }));
  return tools;
}
