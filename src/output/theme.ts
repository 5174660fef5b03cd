import { Chalk } from 'chalk';

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
function statusStyles(chalk: InstanceType<typeof Chalk>): Record<string, Style> {
  const good = chalk.green;
  const pending = chalk.yellow;
  const bad = chalk.red;
  const over = chalk.dim;
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
  // Level 1 (16 colours) is all the theme uses, and every colour terminal supports it.
  const chalk = new Chalk({ level: enabled ? 1 : 0 });
  const statuses = statusStyles(chalk);
  return {
    enabled,
    bold: (s) => chalk.bold(s),
    dim: (s) => chalk.dim(s),
    header: (s) => chalk.bold(s),
    success: (s) => chalk.green(s),
    warning: (s) => chalk.yellow(s),
    error: (s) => chalk.red(s),
    id: (s) => chalk.cyan(s),
    status: (value) => (Object.hasOwn(statuses, value) ? statuses[value]!(value) : value),
  };
}
