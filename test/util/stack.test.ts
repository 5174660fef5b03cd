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
 * Bundles a two-file TypeScript program as build.mjs does (ESM, external source map) and runs it
 * in plain node (vitest maps its own stacks), returning the stack it prints.
 */
async function stackFromBundle(): Promise<string> {
  writeFileSync(join(dir, 'fail.ts'), "export function fail(): never {\n  const why: string = 'boom';\n  throw new TypeError(why);\n}\n");
  writeFileSync(join(dir, 'entry.ts'), "import { fail } from './fail.js';\n\nexport function run(): void {\n  fail();\n}\n\ntry {\n  run();\n} catch (error) {\n  process.stdout.write((error as Error).stack!);\n}\n");
  await build({ entryPoints: [join(dir, 'entry.ts')], bundle: true, format: 'esm', platform: 'node', sourcemap: true, outfile: join(dir, 'out', 'entry.js'), logLevel: 'error' });
  return execFileSync(process.execPath, [join(dir, 'out', 'entry.js')], { encoding: 'utf8' });
}

describe('sourceMappedStack', () => {
  it('points frames of a bundle at the TypeScript sources, and leaves other frames alone', async () => {
    const stack = await stackFromBundle();
    const bundled = pathToFileURL(join(dir, 'out', 'entry.js')).href;
    const lines = stack.split('\n');
    expect(lines.slice(1, 4).every((line) => line.includes(`${bundled}:`))).toBe(true);
    const mapped = sourceMappedStack(stack).split('\n');
    expect(mapped[0]).toBe('TypeError: boom');
    expect(mapped.slice(1, 4).map((line) => line.trim())).toEqual([
      `at fail (${join(dir, 'fail.ts')}:3:9)`,
      `at run (${join(dir, 'entry.ts')}:4:3)`,
      `at ${join(dir, 'entry.ts')}:8:3`,
    ]);
    // Node's own frames have no map beside them: kept as they were.
    expect(mapped.slice(4)).toEqual(lines.slice(4));
  });

  it('keeps a frame whose file has no source map', () => {
    const stack = 'Error: x\n    at f (file:///nowhere/at/all.js:1:2)';
    expect(sourceMappedStack(stack)).toBe(stack);
  });
});
