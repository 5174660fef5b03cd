import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { newRootCmd } from '../../src/commands/root.js';
import { main } from '../../src/main.js';
import { testFactory } from '../helpers/factory.js';

const child = (command: Command, name: string) => command.commands.find((c) => c.name() === name)!;

describe('nouns load when the command line names them', () => {
  it('builds only the named noun; the others stand in with their name and description', async () => {
    const root = await newRootCmd(testFactory().f, ['booking', 'get', 'B1']);
    expect(child(root, 'booking').commands.map((c) => c.name())).toContain('get');
    expect(child(root, 'customer').commands).toEqual([]);
  });

  it('prints the same root help as the whole tree', async () => {
    const whole = await newRootCmd(testFactory().f);
    const light = await newRootCmd(testFactory().f, ['--help']);
    expect(light.helpInformation()).toBe(whole.helpInformation());
  });

  it('prints the same help for every noun and verb as the whole tree, also through `trek help`', async () => {
    const whole = await newRootCmd(testFactory().f);
    for (const noun of whole.commands) {
      const alone = await newRootCmd(testFactory().f, [noun.name()]);
      expect(child(alone, noun.name()).helpInformation()).toBe(noun.helpInformation());
      for (const verb of noun.commands) {
        const viaHelp = testFactory();
        expect(await main(['help', noun.name(), verb.name()], viaHelp.f)).toBe(0);
        const viaFlag = testFactory();
        await main([noun.name(), verb.name(), '--help'], viaFlag.f);
        expect(viaHelp.out()).toBe(viaFlag.out());
        expect(viaHelp.out()).toContain(verb.helpInformation());
      }
    }
  });
});
