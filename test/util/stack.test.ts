import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceMappedStack } from '../../src/util/stack.js';

const dir = mkdtempSync(join(tmpdir(), 'trek-stack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Bundles a two-file TypeScript program with an external source map, as CommonJS (as build.mjs
 * does) or as an ES module, and runs it in plain node (vitest maps its own stacks), returning the
 * stack it prints and how its frames name the bundle.
 */
async function stackFromBundle(format: 'cjs' | 'esm'): Promise<{ stack: string; bundled: string }> {
  writeFileSync(join(dir, 'fail.ts'), "export function fail(): never {\n  const why: string = 'boom';\n  throw new TypeError(why);\n}\n");
  writeFileSync(
    join(dir, 'entry.ts'),
    "import { fail } from './fail.js';\n\nexport function run(): void {\n  fail();\n}\n\ntry {\n  run();\n} catch (error) {\n  process.stdout.write((error as Error).stack!);\n}\n",
  );
  const outfile = join(dir, 'out', format === 'cjs' ? 'entry.cjs' : 'entry.mjs');
  await build({ entryPoints: [join(dir, 'entry.ts')], bundle: true, format, platform: 'node', sourcemap: true, outfile, logLevel: 'error' });
  const stack = execFileSync(process.execPath, [outfile], { encoding: 'utf8' });
  return { stack, bundled: format === 'cjs' ? outfile : pathToFileURL(outfile).href };
}

describe('sourceMappedStack', () => {
  it.each(['cjs', 'esm'] as const)('points frames of a %s bundle at the TypeScript sources, and leaves other frames alone', async (format) => {
    const { stack, bundled } = await stackFromBundle(format);
    const lines = stack.split('\n');
    expect(lines.slice(1, 4).every((line) => line.includes(`${bundled}:`))).toBe(true);
    const mapped = sourceMappedStack(stack).split('\n');
    expect(mapped[0]).toBe('TypeError: boom');
    expect(mapped.slice(1, 4).map((line) => line.trim())).toEqual([
      `at fail (${join(dir, 'fail.ts')}:3:9)`,
      `at run (${join(dir, 'entry.ts')}:4:3)`,
      `at ${format === 'cjs' ? 'Object.<anonymous> (' : ''}${join(dir, 'entry.ts')}:8:3${format === 'cjs' ? ')' : ''}`,
    ]);
    // Node's own frames have no map beside them: kept as they were.
    expect(mapped.slice(4)).toEqual(lines.slice(4));
  });

  it('keeps a frame whose file has no source map', () => {
    const stack = 'Error: x\n    at f (file:///nowhere/at/all.js:1:2)';
    expect(sourceMappedStack(stack)).toBe(stack);
  });
});
