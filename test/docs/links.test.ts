/**
 * The README and docs/ link to each other by relative paths and headings; sections move between
 * pages, so every relative link must still lead to a file that exists and, with a `#fragment`
 * into a Markdown page, to a heading of that page (named as GitHub names its anchors).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** README.md and every Markdown page under docs/. */
function pages(): string[] {
  const under = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? under(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : [],
    );
  return ['README.md', ...under('docs')];
}

/** The text outside fenced blocks and code spans, where a link is a link. */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor of each heading: lower case, punctuation dropped, each space a hyphen, repeats numbered. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Every relative link target of a page, as written. */
const relativeLinks = (markdown: string) =>
  [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));

describe('links of the README and docs/', () => {
  it('anchors are named as GitHub names them', () => {
    expect([...anchors('# Keeping current\n## `trek flex` — flex plans\n## Output, for people and for scripts\n## Money\n## Money\n')]).toEqual([
      'keeping-current',
      'trek-flex--flex-plans',
      'output-for-people-and-for-scripts',
      'money',
      'money-1',
    ]);
  });

  it('every relative link leads to a file that exists, and every #fragment to a heading of its page', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const page of pages()) {
      const text = readFileSync(page, 'utf8');
      for (const target of relativeLinks(text)) {
        checked += 1;
        const [path, fragment] = target.split('#', 2) as [string, string | undefined];
        const file = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)));
        if (!existsSync(file)) broken.push(`${page}: ${target} (no file ${file})`);
        else if (fragment !== undefined && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(fragment)) broken.push(`${page}: ${target} (no heading #${fragment} in ${file})`);
      }
    }
    expect(broken).toEqual([]);
    // The pages link to each other: the check saw the README's links and the docs' own.
    expect(checked).toBeGreaterThan(100);
  });
});
