/** openapi/trek.yaml is a valid OpenAPI 3.1 document, linted by Redocly's recommended rules. */
import { createConfig, lint } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { CONTRACT_FILE } from '../helpers/contract.js';

describe('27 the contract document', () => {
  it('27 passes the OpenAPI linter with no problem, warnings included', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lint({ ref: CONTRACT_FILE, config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`)).toEqual([]);
  });
});
