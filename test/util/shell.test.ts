import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellCommand, shellWord } from '../../src/util/shell.js';

describe('shellWord and shellCommand', () => {
  it('leave plain words as they are', () => {
    expect(shellCommand(['trek', 'sandbox', 'pay', '200001', '1250.00'])).toBe('trek sandbox pay 200001 1250.00');
    expect(shellWord('/home/ada/.config/trek/config.json')).toBe('/home/ada/.config/trek/config.json');
  });

  it('quote what a shell would act on, so the pasted word is the word itself', () => {
    const hostile = ["it's", 'a b', '$(touch pwned)', '`id`', 'x;rm -rf ~', '', '*', 'line\nbreak'];
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    // What sh hands the command back, word for word.
    const printed = execFileSync('sh', ['-c', `printf '%s\\0' ${shellCommand(hostile)}`], { encoding: 'utf8' });
    expect(printed.split('\0').slice(0, -1)).toEqual(hostile);
  });
});
