/**
 * Before a departure is booked: travellers younger than every price band of the departure's
 * rooms allows ("Adult 18+") are named on stderr, with the override their checkin will need.
 * A warning, not a refusal: a minor may travel with a guardian once the requirement is waived.
 */
import type { ApiClient } from '../../api/client.js';
import { getCustomer } from '../../api/resources/customers.js';
import type { Unchecked } from '../../api/resources/common.js';
import { getDeparture, type Departure } from '../../api/resources/flex.js';
import { ageOn } from '../../domain/age.js';
import type { IOStreams } from '../../output/iostreams.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';

type Band = Unchecked<Pick<NonNullable<NonNullable<Departure['rooms']>[number]['price_bands']>[number], 'name' | 'min_age'>>;

/** The lowest age any band of any room takes, and that band's label ("Adult 18+"); undefined when some band takes any age. */
function youngestBand(departure: { rooms?: unknown }): { age: number; label: string } | undefined {
  const bands: Band[] = (Array.isArray(departure.rooms) ? departure.rooms : []).flatMap((room: { price_bands?: unknown }) => (Array.isArray(room?.price_bands) ? (room.price_bands as Band[]) : []));
  if (bands.length === 0 || bands.some((b) => typeof b?.min_age !== 'number')) return undefined;
  const youngest = bands.reduce((a, b) => ((b.min_age as number) < (a.min_age as number) ? b : a));
  return { age: youngest.min_age as number, label: `${displayValue(youngest.name)} ${youngest.min_age as number}+` };
}

export interface Traveller {
  label: string;
  dateOfBirth?: string | null;
}

/** One line per traveller under the youngest band's age on the departure's first day. */
export function minorWarnings(departure: { id?: unknown; start_date?: unknown; rooms?: unknown }, travellers: readonly Traveller[]): string[] {
  const band = youngestBand(departure);
  const start = typeof departure.start_date === 'string' ? departure.start_date.slice(0, 10) : undefined;
  if (band === undefined || start === undefined) return [];
  return travellers.flatMap((t) => {
    if (typeof t.dateOfBirth !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(t.dateOfBirth)) return [];
    const age = ageOn(t.dateOfBirth, start);
    if (age >= band.age) return [];
    return [
      sanitize(
        `! ${t.label} will be ${age} on ${start}, when departure ${displayValue(departure.id)} starts; every room's band is "${band.label}". ` +
          'Their checkin will need an override: requirement AGE_RESTRICTION, reason MINOR_TRAVELLER (a minor travelling with a guardian).',
      ),
    ];
  });
}

/** Reads the departure and the customers (in parallel) and writes the warnings; a read that fails warns of nothing (the booking itself will say). */
export async function warnOfMinors(io: IOStreams, client: ApiClient, departureId: string, customerIds: readonly string[]): Promise<void> {
  const [departure, ...customers] = await Promise.all([getDeparture(client, departureId).catch(() => undefined), ...customerIds.map((id) => getCustomer(client, id).catch(() => undefined))]);
  if (!departure) return;
  const travellers = customers.flatMap((c, i) =>
    c ? [{ label: `${[c.name?.legal_first_name, c.name?.legal_last_name].filter(Boolean).join(' ')} (${customerIds[i]})`, dateOfBirth: c.date_of_birth }] : [],
  );
  for (const line of minorWarnings(departure, travellers)) io.err.write(`${line}\n`);
}
