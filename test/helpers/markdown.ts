/**
 * Reads Markdown with markdown-it, a CommonMark-compliant parser, set up to find as much markup
 * as a customer's renderer might: raw HTML is recognised (`html`), bare URLs, www. addresses
 * and e-mail addresses become links (`linkify`, GFM's autolink literals), and GFM tables and
 * strike-through are on (the default preset). The document comes back as plain data for
 * `toEqual`: literal text as strings, the writer's own emphasis as `{ strong }` / `{ em }`, and
 * anything else the parser found (a link, HTML, code, a line break) as `{ token, content }`, so
 * server text that became markup shows up in the diff.
 */
import MarkdownIt, { type Token } from 'markdown-it';

export type Inline = string | { strong: Inline[] } | { em: Inline[] } | { token: string; content: Inline[] | string };

export type Block = { heading: number; content: Inline[] } | { paragraph: Inline[] } | { list: Block[][] } | { blockquote: Block[] } | { token: string; content: Block[] | string };

export interface ReadMarkdown {
  /** The top-level blocks, in order. */
  blocks: Block[];
  /** The number of blank lines right before each top-level block. */
  gaps: number[];
  /** Every token type the parser produced, inline ones included. */
  tokenTypes: Set<string>;
  /** The HTML the parser renders the document as. */
  html: string;
}

const parser = new MarkdownIt({ html: true, linkify: true });

/** Tokens from `tokens[start]` up to its matching close token: [the ones inside, the index after the close]. */
function inside(tokens: Token[], start: number): [Token[], number] {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    depth += tokens[i].nesting;
    if (depth === 0) return [tokens.slice(start + 1, i), i + 1];
  }
  throw new Error(`${tokens[start].type} is never closed`);
}

function inlines(tokens: Token[]): Inline[] {
  const out: Inline[] = [];
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i];
    if (token.nesting === 1) {
      const [children, next] = inside(tokens, i);
      const name = token.type.replace(/_open$/, '');
      if (name === 'strong') out.push({ strong: inlines(children) });
      else if (name === 'em') out.push({ em: inlines(children) });
      else out.push({ token: token.type === 'link_open' ? `link ${token.attrGet('href')}` : name, content: inlines(children) });
      i = next;
      continue;
    }
    if (token.type === 'text') {
      if (typeof out.at(-1) === 'string') out[out.length - 1] += token.content;
      else if (token.content !== '') out.push(token.content);
    } else {
      out.push({ token: token.type, content: token.content });
    }
    i++;
  }
  return out;
}

/** The inline content of a block whose tokens are [open, inline, close]. */
function inlineContent(children: Token[]): Inline[] {
  return inlines(children.flatMap((child) => child.children ?? []));
}

function blocks(tokens: Token[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i];
    if (token.nesting !== 1) {
      out.push({ token: token.type, content: token.content });
      i++;
      continue;
    }
    const [children, next] = inside(tokens, i);
    if (token.type === 'heading_open') out.push({ heading: Number(token.tag.slice(1)), content: inlineContent(children) });
    else if (token.type === 'paragraph_open') out.push({ paragraph: inlineContent(children) });
    else if (token.type === 'bullet_list_open') out.push({ list: listItems(children) });
    else if (token.type === 'blockquote_open') out.push({ blockquote: blocks(children) });
    else out.push({ token: token.type.replace(/_open$/, ''), content: blocks(children) });
    i = next;
  }
  return out;
}

/** The blocks of each item of a bullet list. */
function listItems(tokens: Token[]): Block[][] {
  const items: Block[][] = [];
  for (let i = 0; i < tokens.length;) {
    const [children, next] = inside(tokens, i);
    items.push(blocks(children));
    i = next;
  }
  return items;
}

function allTypes(tokens: Token[]): string[] {
  return tokens.flatMap((token) => [token.type, ...allTypes(token.children ?? [])]);
}

export function readMarkdown(markdown: string): ReadMarkdown {
  const tokens = parser.parse(markdown, {});
  const lines = markdown.split('\n');
  const blankLinesBefore = (line: number) => {
    const toText = lines
      .slice(0, line)
      .reverse()
      .findIndex((text) => text.trim() !== '');
    return toText < 0 ? line : toText;
  };
  return {
    blocks: blocks(tokens),
    gaps: tokens.filter((token) => token.level === 0 && token.nesting !== -1).map((token) => blankLinesBefore(token.map![0])),
    tokenTypes: new Set(allTypes(tokens)),
    html: parser.renderer.render(tokens, parser.options, {}),
  };
}
