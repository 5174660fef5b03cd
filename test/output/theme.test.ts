import { describe, expect, it } from 'vitest';
import { loadTheme, makeTheme } from '../../src/output/theme.js';

describe('theme', () => {
  it('needs chalk loaded before it colours: makeTheme(true) refuses until loadTheme has loaded it', async () => {
    expect(() => makeTheme(true)).toThrow(/before loadColors\(\) loaded chalk/);
    expect((await loadTheme(true)).id('7')).toBe('\x1b[36m7\x1b[39m');
    expect(makeTheme(true).enabled).toBe(true);
  });

  it('returns every text unchanged when disabled', () => {
    const theme = makeTheme(false);
    expect(theme.enabled).toBe(false);
    for (const style of [theme.bold, theme.dim, theme.header, theme.success, theme.warning, theme.error, theme.id, theme.status]) {
      expect(style('AVAILABLE')).toBe('AVAILABLE');
    }
  });

  it('colours statuses by meaning when enabled (16-colour SGR codes)', async () => {
    const theme = await loadTheme(true);
    const green = (s: string) => `\x1b[32m${s}\x1b[39m`;
    const yellow = (s: string) => `\x1b[33m${s}\x1b[39m`;
    const red = (s: string) => `\x1b[31m${s}\x1b[39m`;
    for (const s of ['AVAILABLE', 'Confirmed', 'COMPLETE']) expect(theme.status(s)).toBe(green(s));
    for (const s of ['REQUEST_SPACE', 'WAIT_LIST', 'On Request', 'Option', 'Request Confirmation', 'Waitlisted', 'INCOMPLETE']) {
      expect(theme.status(s)).toBe(yellow(s));
    }
    for (const s of ['NOT_BOOKABLE', 'Cancelled', 'Request Cancellation']) expect(theme.status(s)).toBe(red(s));
    expect(theme.status('Expired')).toBe('\x1b[2mExpired\x1b[22m');
  });

  it('leaves unknown statuses unchanged, including names of Object.prototype members', async () => {
    const theme = await loadTheme(true);
    expect(theme.status('Pending review')).toBe('Pending review');
    expect(theme.status('constructor')).toBe('constructor');
  });

  it('styles headers bold and ids cyan when enabled', async () => {
    const theme = await loadTheme(true);
    expect(theme.header('ID')).toBe('\x1b[1mID\x1b[22m');
    expect(theme.id('101')).toBe('\x1b[36m101\x1b[39m');
  });
});
