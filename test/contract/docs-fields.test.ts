/**
 * docs/sandbox.md's field tables are checked against the contract: every member a row names at
 * the top level of a resource is a member of that resource's schema in openapi/trek.yaml.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTRACT_FILE } from '../helpers/contract.js';

const document = parse(readFileSync(CONTRACT_FILE, 'utf8'));
const DOC = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8');

/** A schema's members, through $ref, allOf and anyOf. */
function members(schema: any): Set<string> {
  if (!schema) return new Set();
  if (schema.$ref)
    return members(
      schema.$ref
        .split('/')
        .slice(1)
        .reduce((node: any, part: string) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')], document),
    );
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return new Set([...Object.keys(schema.properties ?? {}), ...parts.flatMap((part: any) => [...members(part)])]);
}

/** The member names a cell gives at the top level: lower-case names in code spans, outside {…} and […]. */
export function topLevelNames(cell: string): string[] {
  const names: string[] = [];
  for (const [, code] of cell.matchAll(/`([^`]*)`/g)) {
    let depth = 0;
    for (const token of code.matchAll(/[{}[\]]|\.?\b[a-z][a-z0-9_]*/g)) {
      const t = token[0];
      if (t === '{' || t === '[') depth++;
      else if (t === '}' || t === ']') depth--;
      // A dotted member (`.status`) is nested; a path segment is no member.
      else if (depth === 0 && !t.startsWith('.') && !code.slice(0, token.index).endsWith('/')) names.push(t);
    }
  }
  return names;
}

/** Rows `| path … | members |` of the docs' resource tables, with the detail path each describes. */
function rows(): Array<{ path: string; names: string[] }> {
  return DOC.split('\n')
    .filter((line) => line.startsWith('| `/'))
    .map((line) => {
      const cells = line.split('|').slice(1, -1);
      const paths = cells.slice(0, -1).flatMap((cell) => [...cell.matchAll(/`(\/[^`]*)`/g)].map((m) => m[1]));
      const path = paths
        .at(-1)!
        .replace(/<(\w+)>/g, '{$1}')
        .replace(/\/$/, '');
      return { path, names: topLevelNames(cells.at(-1)!) };
    });
}

describe('27 docs/sandbox.md against the contract', () => {
  it('27 reads the members a row names, leaving nested ones and paths out', () => {
    expect(
      topLevelNames("`id, href, availability{status, spaces_remaining}, rooms[{code}]` (the tour's), `departures{href: /tour_dossiers/<id>/departures/}`, `availability.status` FLEX_DISABLED"),
    ).toEqual(['id', 'href', 'availability', 'rooms', 'departures', 'availability']);
  });

  it("27 every member a resource table names is in the resource's schema", () => {
    const checked = rows().filter(({ path }) => document.paths[path]?.get);
    expect(checked.length).toBeGreaterThan(8);
    const missing = checked.flatMap(({ path, names }) => {
      const known = members(document.paths[path].get.responses['200'].content['application/json'].schema);
      return names.filter((name) => !known.has(name)).map((name) => `${path}: ${name}`);
    });
    expect(missing).toEqual([]);
  });
});
