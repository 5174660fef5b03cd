/**
 * docs/architecture.md states the layers of src/; this reads its table and every import under
 * src/ (static, dynamic and type-only), and fails on one that runs up a layer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve('src');

/** Room name (`api`, `main.ts`) → layer, from the table under the layers marker. */
export function layersFrom(markdown: string): Map<string, number> {
  const table = markdown.slice(markdown.indexOf('<!-- layers:'));
  const layers = new Map<string, number>();
  for (const line of table.split('\n').slice(1)) {
    const row = /^\| (\d+) \| ([^|]+) \|/.exec(line);
    if (!row) {
      if (layers.size > 0 && !line.startsWith('|')) break;
      continue;
    }
    for (const [, room] of row[2].matchAll(/`([^`]+)`/g)) layers.set(room.replace(/\/$/, ''), Number(row[1]));
  }
  return layers;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
}

/** The top-level room of a path under src/: its folder, or the file itself. */
function roomOf(path: string): string {
  return relative(SRC, path).split('/')[0];
}

/** `from → to (file)` for each import of `files` that runs up a layer; rooms the table lacks are reported too. */
export function upwardImports(files: Array<{ path: string; text: string }>, layers: Map<string, number>): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    const from = roomOf(path);
    const own = layers.get(from);
    if (own === undefined) found.push(`${from} is in no layer`);
    for (const [, spec] of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g)) {
      const target = resolve(dirname(path), spec);
      if (!target.startsWith(SRC + '/')) continue;
      const to = roomOf(target).replace(/\.js$/, '.ts');
      if (to === from) continue;
      const theirs = layers.get(to);
      if (own !== undefined && (theirs === undefined || theirs > own)) found.push(`${from} (layer ${own}) → ${to} (layer ${theirs ?? '?'}) in ${relative(SRC, path)}`);
    }
  }
  return [...new Set(found)];
}

describe('the layers of docs/architecture.md', () => {
  const layers = layersFrom(readFileSync('docs/architecture.md', 'utf8'));

  it('place every top-level room of src/', () => {
    const rooms = readdirSync(SRC).map((name) => name);
    expect(rooms.filter((room) => !layers.has(room))).toEqual([]);
  });

  it('hold: no import under src/ runs up a layer', () => {
    const files = sourceFiles(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    expect(upwardImports(files, layers)).toEqual([]);
  });

  it('the check finds an import up a layer, a dynamic one too, and lets one down pass', () => {
    const at = (room: string) => join(SRC, room, 'x.ts');
    const sample = new Map([
      ['domain', 0],
      ['api', 2],
      ['commands', 4],
    ]);
    expect(upwardImports([{ path: at('domain'), text: "import { a } from '../api/x.js';" }], sample)).toEqual(['domain (layer 0) → api (layer 2) in domain/x.ts']);
    expect(upwardImports([{ path: at('api'), text: "const m = await import('../commands/y.js');" }], sample)).toHaveLength(1);
    expect(upwardImports([{ path: at('commands'), text: "import type { B } from '../api/x.js';\nimport { c } from '../domain/y.js';" }], sample)).toEqual([]);
  });
});
