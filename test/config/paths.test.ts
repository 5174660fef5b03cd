import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trekPaths } from '../../src/config/paths.js';

describe('trekPaths', () => {
  it('puts everything under TREK_HOME when it is set, ignoring XDG', () => {
    expect(trekPaths({ TREK_HOME: '/tmp/th', XDG_CONFIG_HOME: '/xdg/config' })).toEqual({
      home: '/tmp/th',
      config: '/tmp/th/config',
      data: '/tmp/th/data',
      cache: '/tmp/th/cache',
      state: '/tmp/th/state',
    });
  });

  it('uses the XDG base directories with a trek subdirectory', () => {
    expect(trekPaths({ XDG_CONFIG_HOME: '/x/c', XDG_DATA_HOME: '/x/d', XDG_CACHE_HOME: '/x/k', XDG_STATE_HOME: '/x/s' })).toEqual({
      config: '/x/c/trek',
      data: '/x/d/trek',
      cache: '/x/k/trek',
      state: '/x/s/trek',
    });
  });

  it('falls back to the XDG defaults under the home directory, also for empty or relative values', () => {
    const home = homedir();
    expect(trekPaths({ XDG_CONFIG_HOME: '', XDG_DATA_HOME: 'relative/dir' })).toEqual({
      config: join(home, '.config', 'trek'),
      data: join(home, '.local', 'share', 'trek'),
      cache: join(home, '.cache', 'trek'),
      state: join(home, '.local', 'state', 'trek'),
    });
  });
});
