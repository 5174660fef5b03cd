import picocolors from 'picocolors';

type Colors = ReturnType<typeof picocolors.createColors>;

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

/** Statuses of the spec (§2.11 availability, §3.1 service, checkin) by what they mean to an agent. */
function statusStyles(colors: Colors): Record<string, Style> {
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

export function makeTheme(enabled: boolean): Theme {
  // The 16 basic colours are all the theme uses, and every colour terminal supports them.
  // picocolors rather than chalk: chalk's colour detection loads node:tty and node:os when trek
  // starts (4.5 ms of a 73 ms `trek --version`), and trek decides colour itself (iostreams.ts).
  const colors = picocolors.createColors(enabled);
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
    status: (value) => (Object.hasOwn(statuses, value) ? statuses[value]!(value) : value),
  };
}
