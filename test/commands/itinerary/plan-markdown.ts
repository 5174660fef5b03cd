/**
 * Checks on the Markdown `trek itinerary get --markdown` writes, read by a real Markdown parser
 * (test/helpers/markdown.ts).
 */
import { expect } from 'vitest';
import { readMarkdown, type Block, type Inline, type ReadMarkdown } from '../../helpers/markdown.js';

/**
 * Every token type a plan may parse into: headings, paragraphs, bullet lists, the note's quote,
 * literal text, and the writer's own emphasis (the subtitle) and bold (list and note labels).
 * Raw HTML, links, code, line breaks, tables or other lists mean server text became markup.
 */
export const PLAN_TOKEN_TYPES = [
  'heading_open',
  'heading_close',
  'paragraph_open',
  'paragraph_close',
  'bullet_list_open',
  'bullet_list_close',
  'list_item_open',
  'list_item_close',
  'blockquote_open',
  'blockquote_close',
  'inline',
  'text',
  'em_open',
  'em_close',
  'strong_open',
  'strong_close',
];

/**
 * Reads a plan's Markdown, checking what every plan keeps to: no control characters, one blank
 * line between blocks and one newline at the end, and no markup the writer does not make.
 */
export function readPlanMarkdown(markdown: string): ReadMarkdown {
  expect(markdown).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f]/);
  expect(markdown).toMatch(/\S\n$/);
  const read = readMarkdown(markdown);
  expect(read.gaps).toEqual(read.blocks.map((_block, n) => (n === 0 ? 0 : 1)));
  expect([...read.tokenTypes].filter((type) => !PLAN_TOKEN_TYPES.includes(type))).toEqual([]);
  return read;
}

/** The text of inline content that is nothing but literal text. */
function literal(content: Inline[]): string {
  expect(content).toEqual([expect.any(String)]);
  return content[0] as string;
}

/** `**Label:** text` (a list item or the note) as the terminal shows it: `Label: text`. */
function labelled(blocks: Block[]): string {
  expect(blocks).toEqual([{ paragraph: [{ strong: [expect.stringMatching(/:$/)] }, expect.stringMatching(/^ \S/)] }]);
  const [label, text] = (blocks[0] as { paragraph: [{ strong: [string] }, string] }).paragraph;
  return label.strong[0] + text;
}

/**
 * The plan as the terminal shows it (`--color never`), rebuilt from the Markdown's blocks: a
 * title, the subtitle in emphasis, the facts list, the note, then per day block its heading,
 * paragraphs and list. Fails on any other block or on inline markup the writer does not make,
 * so comparing it with the terminal's output shows that every piece of server text reads back
 * as the same literal text.
 */
export function asTerminalPlan(blocks: Block[]): string {
  const sections: string[][] = [];
  let day: string[] | undefined;
  const add = (lines: string[]) => (day ? day.push(...lines) : sections.push(lines));
  blocks.forEach((block, n) => {
    if ('heading' in block && block.heading === 1 && n === 0) sections.push([literal(block.content)]);
    else if ('heading' in block && block.heading === 2) sections.push((day = [literal(block.content)]));
    else if ('paragraph' in block && n === 1) {
      expect(block.paragraph).toEqual([{ em: [expect.any(String)] }]);
      sections.push([literal((block.paragraph[0] as { em: Inline[] }).em)]);
    } else if ('paragraph' in block && day) day.push(`  ${literal(block.paragraph)}`);
    else if ('list' in block) add(block.list.map((item) => `  ${labelled(item)}`));
    else if ('blockquote' in block && !day) sections.push([labelled(block.blockquote)]);
    else throw new Error(`block ${n + 1} is not one a plan has: ${JSON.stringify(block)}`);
  });
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}
