/**
 * The room question of `service add-departure` on a terminal, after a departure was picked:
 * each room of the departure with places left in it, with its price per traveller in the
 * booking's currency. Asked only when there is a choice.
 */
import { sanitize } from '../../output/sanitize.js';
import { displayValue } from '../../output/value.js';
import type { Prompter } from '../../prompt/prompter.js';
import { moneyOrNone, placesLeft, placesText, priceCurrency, roomPlacesLeft, roomPrice, STANDARD_ROOM, type PricedDeparture, type PricedRoom } from '../departure/prices.js';

/** The room chosen for every traveller; undefined when the departure offers no choice (the standard room then). */
export async function askRoom(prompter: Prompter, departure: PricedDeparture, currency: string | undefined, travellers: number): Promise<string | undefined> {
  const rooms = (Array.isArray(departure.rooms) ? (departure.rooms as PricedRoom[]) : []).filter((room) => typeof room?.code === 'string' && room.code !== '');
  const shown = priceCurrency(departure, currency);
  // Sold by places (AVAILABLE), a room needs a place per traveller; on request or waitlisted, every room may be asked for.
  const byPlaces = departure.availability?.status === undefined || departure.availability.status === 'AVAILABLE';
  const open = rooms.filter((room) => !byPlaces || (roomPlacesLeft(room) ?? placesLeft(departure) ?? travellers) >= travellers);
  if (open.length < 2 || shown === undefined) return undefined;
  const choices = open.map((room) => {
    const code = String(room.code);
    const price = roomPrice(departure, code, shown);
    const places = roomPlacesLeft(room);
    const name = displayValue(room.name);
    const parts = [
      `${sanitize(code)}${name ? ` ${sanitize(name)}` : ''}`,
      `${moneyOrNone(price?.amount, shown)} per traveller`,
      places === undefined || !byPlaces ? undefined : `${placesText(places)} left`,
    ];
    return { name: parts.filter(Boolean).join(' · '), value: code };
  });
  const start = open.some((room) => room.code === STANDARD_ROOM) ? STANDARD_ROOM : undefined;
  return prompter.select(`Room for ${travellers === 1 ? 'the traveller' : `all ${travellers} travellers`}`, choices, start);
}
