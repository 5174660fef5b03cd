/**
 * Issue 18's acceptance: "The whole day of the README's walkthrough, run in a terminal at 80
 * columns, never needs `trek api`." The "A booking from start to finish" block, read from
 * README.md as written, runs in bash in an 80-column tmux pane with `trek` (the built bundle)
 * on PATH and the built-in sandbox; then the terminal forms of the views staff read during the
 * day. Every command exits 0, nothing written to the pane is wider than it (the scrollback with
 * wrapped lines joined shows any overflow), and no line of the walkthrough is `trek api`.
 *
 * Issue 29's acceptance: the same run shows places and price in the walkthrough's search table
 * (whole, as the same search gives them in JSON) and books a single room for one traveller.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { section, shellBlocks, trekOnPath } from '../helpers/readme.js';
import { openTerminal } from '../helpers/terminal.js';
import { cleanEnv, freshHome, REPO } from './trek-process.js';

const COLUMNS = 80;

/** The walkthrough's commands, continuations joined, comments and blank lines left out. */
function walkthrough(): string[] {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  return shellBlocks(section(readme, '## A booking from start to finish'))
    .flat()
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** After the walkthrough, the views of the day in their terminal (table) form. */
const VIEWS = ['trek booking get "$B"', 'trek booking services "$B"', 'trek checkin list --booking "$B"', 'trek departure get "$D"', 'trek service get "$S"'];

/** The walkthrough's search shown as a table (not captured as JSON). */
const isTableSearch = (line: string) => /^trek search departures\b/.test(line) && !/-o json|--json/.test(line);

/** The walkthrough's booking of a departure with one traveller's room given: `--room SINGLE:"$C2"` names C2. */
const singleRoomFor = (line: string) => /^S=\$\(trek service add-departure\b.*--room SINGLE:"\$(\w+)"/.exec(line)?.[1];

interface Price {
  currency: string;
  amount: string;
}
interface Departure {
  id: string;
  availability: { total: number };
  lowest_pp2a_prices: Price[];
  rooms: { code: string; price_bands: { prices: Price[] }[] }[];
}
interface DepartureService {
  booking: { id: string };
  product: { id: string };
  customers: { id: string }[];
  rooms: { code: string; customers: { id: string }[] }[];
}

describe('18 and 29 the README walkthrough in a terminal at 80 columns', () => {
  it('18 the whole day of the README walkthrough, run in a terminal at 80 columns, never needs trek api: every command exits 0 and no line is wider than 80; 29 its search shows places and price whole, and it books a single room for one traveller', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.tmux, PROGRAMS.jq, PROGRAMS.bash);
    const lines = walkthrough();
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((line) => /\btrek\s+api\b/.test(line))).toEqual([]);
    const search = lines.find(isTableSearch);
    const booking = lines.find((line) => singleRoomFor(line) !== undefined);
    expect(search, 'the walkthrough shows a search of departures as a table').toBeDefined();
    expect(booking, 'the walkthrough books a departure with --room SINGLE:"$C…" for one traveller').toBeDefined();
    const single = singleRoomFor(booking!)!;

    const work = freshHome();
    const bin = trekOnPath(work);
    const commands = [...lines, ...VIEWS];
    // After each command its exit status, on a line of its own; the pane stays open to be read.
    // Just before the README's search, the same search as JSON (nothing changes in between), to
    // hold the table against; after the day, the departure service as JSON and who took the room.
    const asJson = (line: string) => `${line.replace(/\s+#.*$/, '')} -o json > search.json`;
    const script = [
      'set -o pipefail',
      ...commands.flatMap((command, index) => [...(command === search ? [asJson(command)] : []), command, `echo "[exit ${index} $?]"`]),
      `trek service get "$S" -o json > service.json && printf '%s\\n' "$B" "$D" "$${single}" > ids`,
      'echo "[day done]"',
      'sleep 600',
    ].join('\n');
    writeFileSync(join(work, 'day.sh'), script);
    // TREK_PAGER= keeps long views in the pane's scrollback instead of a pager.
    const env = cleanEnv({ TREK_HOME: join(work, 'home'), PATH: `${bin}:${process.env.PATH}`, TREK_PAGER: '' });
    const terminal = await openTerminal(`cd '${work}' && bash day.sh`, { columns: COLUMNS, rows: 40, env, history: 100_000 });
    try {
      // Command by command, so a slow machine gets each step its own wait, not the whole day one.
      const failed = (screen: string) => /\[exit \d+ [1-9]\d*\]/.test(screen);
      for (let index = 0; index < commands.length; index++) await terminal.waitFor((screen) => screen.includes(`[exit ${index} `) || failed(screen), { scrollback: true });
      await terminal.waitFor((screen) => screen.includes('[day done]') || failed(screen), { scrollback: true });
      const text = await terminal.screen({ scrollback: true });
      const exits = commands.map((command, index) => `${/\[exit (\d+) (\d+)\]/.exec(text.slice(text.indexOf(`[exit ${index} `)))?.[2] ?? 'not run'} ${command}`);
      expect(exits, text).toEqual(commands.map((command) => `0 ${command}`));

      const shown = text.split('\n').map((line) => line.trimEnd());
      expect(
        shown.filter((line) => stringWidth(line) > COLUMNS),
        `lines wider than ${COLUMNS} columns`,
      ).toEqual([]);
      // The views were there, in their terminal form, not JSON.
      expect(text).toMatch(/^Services$/m);
      expect(text).toMatch(/^Travellers$/m);
      expect(text).toContain('To complete what is missing:');
      expect(text).toMatch(/^ID +NAME/m);
      expect(text).not.toMatch(/^\[$/m);

      // The search table has PLACES and PRICE, and each row shows the places left and the lowest
      // price per person of its departure whole: the amount and its currency, as the JSON has them.
      const found = JSON.parse(readFileSync(join(work, 'search.json'), 'utf8')) as Departure[];
      expect(found.length).toBeGreaterThan(1);
      const headers = shown.filter((line) => /^ID +NAME +START +FINISH\b/.test(line));
      expect(headers, 'the one table of departures').toHaveLength(1);
      const header = headers[0];
      expect(header).toMatch(/^ID +NAME +START +FINISH +AVAILABILITY +PLACES +PRICE$/);
      const headerAt = shown.indexOf(header);
      const rows = shown.slice(headerAt + 1, headerAt + 1 + found.length);
      const [placesAt, priceAt] = [header.indexOf('PLACES'), header.indexOf('PRICE')];
      const cells = rows.map((row) => ({ id: row.split(' ')[0], places: row.slice(placesAt, priceAt).trim(), price: row.slice(priceAt).trim() }));
      const currency = /^\d+\.\d{2} ([A-Z]{3})$/.exec(cells[0].price)?.[1];
      expect(currency, `the first row's price: ${rows[0]}`).toBeDefined();
      expect(cells).toEqual(
        found.map((departure) => ({
          id: departure.id,
          places: String(departure.availability.total),
          price: `${departure.lowest_pp2a_prices.find((price) => price.currency === currency)!.amount} ${currency}`,
        })),
      );

      // The departure service holds the one traveller in a SINGLE room, the other in the standard one.
      const [bookingId, departureId, singleId] = readFileSync(join(work, 'ids'), 'utf8').trim().split('\n');
      const service = JSON.parse(readFileSync(join(work, 'service.json'), 'utf8')) as DepartureService;
      expect([service.booking.id, service.product.id]).toEqual([bookingId, departureId]);
      expect(service.customers.map((customer) => customer.id)).toContain(singleId);
      const others = service.customers.map((customer) => customer.id).filter((id) => id !== singleId);
      expect(others.length).toBeGreaterThan(0);
      expect(service.rooms.map((room) => ({ code: room.code, customers: room.customers.map((customer) => customer.id) }))).toEqual([
        { code: 'STANDARD', customers: others },
        { code: 'SINGLE', customers: [singleId] },
      ]);
      // On the screen: the rooms' price said before booking, at the departure's SINGLE price in
      // the booking's currency, and the service's view naming who sleeps in which room.
      const departure = found.find((record) => record.id === departureId)!;
      const singlePrice = departure.rooms.find((room) => room.code === 'SINGLE')!.price_bands[0].prices.find((price) => price.currency === currency)!.amount;
      expect(text).toMatch(
        new RegExp(`^Price before promotions: STANDARD [^\\n]+ × ${others.length}: [\\d.]+ ${currency}(?: |\\n +)\\+ SINGLE [^\\n]+ × 1: ${singlePrice.replace('.', '\\.')} ${currency}`, 'm'),
      );
      expect(text).toMatch(new RegExp(`^ROOMS +STANDARD [^\\n]+\\n +SINGLE My Own Room: [^\\n]+ \\(${singleId}\\)$`, 'm'));
    } finally {
      await terminal.close();
    }
  }, 300_000);
});
