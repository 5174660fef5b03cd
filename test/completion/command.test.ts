import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { testFactory } from '../helpers/factory.js';

describe('trek completion <shell>', () => {
  it.each(['bash', 'zsh', 'fish'])('prints completions/trek.%s as shipped', async (shell) => {
    const t = testFactory();
    expect(await main(['completion', shell], t.f)).toBe(0);
    expect(t.out()).toBe(readFileSync(new URL(`../../completions/trek.${shell}`, import.meta.url), 'utf8'));
    expect(t.out()).toContain('trek __complete');
    expect(t.err()).toBe('');
  });

  it('refuses a shell it has no script for, naming the ones it has', async () => {
    const t = testFactory();
    expect(await main(['completion', 'tcsh'], t.f)).toBe(2);
    expect(t.out()).toBe('');
    expect(t.err()).toContain('bash, zsh, fish');
  });
});
