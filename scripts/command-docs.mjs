// Writes docs/commands/ from trek's help text (scripts/command-docs.ts), bundled on the fly with
// esbuild, the project's own build tool, so no TypeScript runner is needed.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside node_modules, so that the bundle's external packages resolve as they do for the source.
mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(join(root, 'node_modules/.cache/trek-command-docs-'));
try {
  // CommonJS, as build.mjs makes trek's own bundle: its dependencies load as they do there.
  const outfile = join(work, 'command-docs.cjs');
  await build({
    entryPoints: [join(root, 'scripts/command-docs.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile,
    packages: 'external',
    logLevel: 'error',
    supported: { 'dynamic-import': false },
  });
  const { commandDocs } = createRequire(import.meta.url)(outfile);
  const docs = await commandDocs();
  const dir = join(root, 'docs/commands');
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (!docs.has(name)) rmSync(join(dir, name));
  for (const [name, text] of docs) writeFileSync(join(dir, name), text);
  console.log(`docs/commands: ${docs.size} pages`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
