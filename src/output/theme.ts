import type { ChalkInstance } from 'chalk';

/** The one colour theme. Disabled, every function returns its text unchanged. */
export interface Theme {
  enabled: boolean;
  bold(s: string): string;
  dim(s: string): string;
  header(s: string): string;
  success(s: string): string;
  warning(s: string): string;
  error(s: string): string;
  id(s: string): string;
  /** Colours a known availability, service or checkin status; other text is returned as is. */
  status(value: string): string;
}

type Style = (s: string) => string;

/** The chalk styles trek draws with (the theme's and the prompts'). */
export type Palette = Pick<ChalkInstance, 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'blue' | 'cyan'>;

const same: Style = (s) => s;
const PLAIN = { bold: same, dim: same, red: same, green: same, yellow: same, blue: same, cyan: same } as unknown as Palette;

let chalk: Promise<Palette> | undefined;
let loaded: Palette | undefined;

/**
 * Loads chalk, once colour is known to be on (after the global flags, before an error is
 * printed, before a table or a prompt is drawn). Loading it is what costs: its own detection
 * reads node:tty and node:os as it loads, ~4.5 ms, which pipes, --version and completion never
 * pay. Its level is trek's, not that detection's: colorEnabled (iostreams.ts) has already
 * weighed --color, the color setting, NO_COLOR, FORCE_COLOR and the terminal, and level 1 (the
 * 16 basic colours every colour terminal has) is all the theme uses.
 */
export function loadColors(): Promise<Palette> {
  chalk ??= import('chalk').then(({ Chalk }) => (loaded = new Chalk({ level: 1 })));
  return chalk;
}

/** Plain when disabled; chalk's styles when enabled, which loadColors() must have loaded. */
export function palette(enabled: boolean): Palette {
  if (!enabled) return PLAIN;
  if (!loaded) throw new Error('colour was asked for before loadColors() loaded chalk');
  return loaded;
}

/** Statuses of the spec (§2.11 availability, §3.1 service, checkin) by what they mean to an agent. */
function statusStyles(colors: Palette): Record<string, Style> {
  const good = colors.green;
  const pending = colors.yellow;
  const bad = colors.red;
  const over = colors.dim;
  return {
    AVAILABLE: good,
    Confirmed: good,
    COMPLETE: good,
    REQUEST_SPACE: pending,
    WAIT_LIST: pending,
    'On Request': pending,
    Option: pending,
    'Request Confirmation': pending,
    Waitlisted: pending,
    INCOMPLETE: pending,
    NOT_BOOKABLE: bad,
    Cancelled: bad,
    'Request Cancellation': bad,
    Expired: over,
  };
}

/** The theme; when `enabled`, loadColors() must have run (loadTheme does both). */
export function makeTheme(enabled: boolean): Theme {
  const colors = palette(enabled);
  const statuses = statusStyles(colors);
  return {
    enabled,
    bold: (s) => colors.bold(s),
    dim: (s) => colors.dim(s),
    header: (s) => colors.bold(s),
    success: (s) => colors.green(s),
    warning: (s) => colors.yellow(s),
    error: (s) => colors.red(s),
    id: (s) => colors.cyan(s),
    status: (value) => (Object.hasOwn(statuses, value) ? statuses[value](value) : value),
  };
}

/** The theme, chalk loaded first when colour is on. */
export async function loadTheme(enabled: boolean): Promise<Theme> {
  if (enabled) await loadColors();
  return makeTheme(enabled);
}
