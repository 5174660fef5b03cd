import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRAMS, requirePrograms, type Program } from '../helpers/programs.js';

const missing: Program = { name: 'nosuchshell', install: 'apt-get install nosuchshell', path: undefined };
const present: Program = { name: 'sh', install: 'apt-get install dash', path: '/bin/sh' };

/** A test context whose skip records its note (the real one ends the test). */
function context() {
  const notes: (string | undefined)[] = [];
  return { notes, ctx: { skip: ((note?: string) => void notes.push(note)) as never } };
}

describe('tests that need a program', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('run when every program is there', () => {
    const { notes, ctx } = context();
    requirePrograms(ctx, present);
    expect(notes).toEqual([]);
  });

  it('skip on a machine without one, naming it and how to install it, once on stderr too', () => {
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { notes, ctx } = context();
    requirePrograms(ctx, present, missing);
    requirePrograms(ctx, missing);
    expect(notes).toEqual(['nosuchshell is not installed (apt-get install nosuchshell)', 'nosuchshell is not installed (apt-get install nosuchshell)']);
    expect(warn.mock.calls).toEqual([['skipping the tests that need nosuchshell: it is not installed (apt-get install nosuchshell)']]);
  });

  it('fail under CI instead of skipping, so the completion tests never silently stop running', () => {
    vi.stubEnv('CI', 'true');
    const { notes, ctx } = context();
    expect(() => requirePrograms(ctx, missing)).toThrow('nosuchshell is not installed (apt-get install nosuchshell): under CI this test must run, not skip');
    expect(notes).toEqual([]);
  });

  it('know where each program the shell tests use comes from', () => {
    for (const program of Object.values(PROGRAMS)) expect(program.install).toMatch(/^apt-get install \S+ .*brew install \S+/);
  });
});
