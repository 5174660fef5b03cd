/**
 * A small, strict reader of the Markdown `trek itinerary get --markdown` writes, standing in
 * for a Markdown parser: every line must be one of the block kinds trek writes, and no text
 * may carry unescaped Markdown syntax (which would mean server text became markup). Returns
 * the headings, so tests can check the plan's structure.
 */
const BLOCK_START = /^(?:#|>|[-+*=]|\d+[.)]| {4}|\t|```|~~~|<)/;
/** Characters that are markup wherever they appear; trek escapes them in server text. */
const INLINE_MARKUP = new Set(['\\', '`', '*', '_', '[', ']', '<', '>', '&', '|', '~']);

/** Throws unless every markup character of `text` is backslash-escaped. */
function checkText(text: string, where: string): void {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      if (i + 1 >= text.length || !/[!-/:-@[-`{-~]/.test(text[i + 1]!)) throw new Error(`${where}: stray backslash in ${JSON.stringify(text)}`);
      i++;
      continue;
    }
    if (INLINE_MARKUP.has(c)) throw new Error(`${where}: unescaped ${JSON.stringify(c)} in ${JSON.stringify(text)}`);
    if (c < ' ' || c === '\x7f') throw new Error(`${where}: control character in ${JSON.stringify(text)}`);
  }
}

export interface MarkdownOutline {
  title: string;
  headings: string[];
}

export function checkMarkdown(markdown: string): MarkdownOutline {
  if (!markdown.endsWith('\n') || markdown.includes('\n\n\n')) throw new Error('blocks are separated by exactly one blank line and the text ends with a newline');
  const lines = markdown.slice(0, -1).split('\n');
  let title: string | undefined;
  const headings: string[] = [];
  lines.forEach((line, n) => {
    const where = `line ${n + 1}`;
    let match: RegExpExecArray | null;
    if (line === '') return;
    if ((match = /^# (\S.*)$/.exec(line))) {
      if (n !== 0 || title !== undefined) throw new Error(`${where}: the title must be the first line, and the only one`);
      checkText(match[1]!, where);
      title = match[1]!;
    } else if ((match = /^## (\S.*)$/.exec(line))) {
      if (lines[n - 1] !== '') throw new Error(`${where}: a heading starts a block`);
      checkText(match[1]!, where);
      headings.push(match[1]!);
    } else if ((match = /^\*([^*\s].*[^*\s])\*$/.exec(line))) {
      checkText(match[1]!, where);
    } else if ((match = /^- \*\*([^*]+):\*\* (.*)$/.exec(line))) {
      checkText(match[1]!, where);
      checkText(match[2]!, where);
    } else if ((match = /^> \*\*Note:\*\* (.+)$/.exec(line))) {
      checkText(match[1]!, where);
    } else {
      if (BLOCK_START.test(line)) throw new Error(`${where}: paragraph text starts like markup: ${JSON.stringify(line)}`);
      if (lines[n - 1] !== '' || (lines[n + 1] ?? '') !== '') throw new Error(`${where}: a paragraph is one line between blank lines`);
      checkText(line, where);
    }
  });
  if (title === undefined) throw new Error('no title');
  return { title, headings };
}
