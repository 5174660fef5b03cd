/** What is derived from the contract (npm run contract:types) is committed current: a change to openapi/trek.yaml without it fails here. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without type declarations.
import { generate } from '../../scripts/contract-types.mjs';

describe('27 files generated from the contract', () => {
  it('27 src/domain/contract.d.ts and src/domain/contract-fields.ts are what npm run contract:types writes now', async () => {
    const files = (await generate()) as Record<string, string>;
    expect(Object.keys(files)).toHaveLength(2);
    for (const [file, text] of Object.entries(files)) expect(readFileSync(file, 'utf8'), `${file} is stale: run npm run contract:types`).toBe(text);
  });
});
