/**
 * Times for people. The API's datetimes are UTC (spec §2.1, `YYYY-MM-DDThh:mm:ssZ`); table
 * and detail views show them in the reader's zone — --tz, else the `tz` setting, else the
 * system's — with the zone named, so "2027-01-01 00:00 EST" can never be taken for UTC.
 * json, ndjson, csv, tsv, yaml and xml keep the API's text. Zone rules come from Intl (the
 * ICU data Node ships), never from arithmetic of our own.
 */
import { isApiDatetime } from '../util/dates.js';

// One formatter per zone: building one costs far more than using it.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    // en-US for the short zone names people know (EST, PDT, UTC; GMT+1 where there is none).
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * "2027-01-01T05:00:00Z" → "2027-01-01 00:00 EST" in America/Toronto (`timeZone` undefined:
 * the system's zone). Text that is not an API datetime is returned as it is.
 */
export function localTime(text: string, timeZone?: string): string {
  if (!isApiDatetime(text)) return text;
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(text))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

/**
 * A datetime in a line on stderr ("Option until …"): in the reader's zone when a person reads
 * it (stderr a terminal), the API's text otherwise, as logs and scripts keep it.
 */
export function stderrTime(text: string, io: { stderrIsTTY: boolean }, timeZone?: string): string {
  return io.stderrIsTTY ? localTime(text, timeZone) : text;
}
