/**
 * Issue 18, "Fit the screen": detail views, itineraries and tables stay within the terminal's
 * width, measured as a terminal shows text (string-width), emoji and CJK included.
 */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { terminalStyle, renderPlan } from '../../src/commands/itinerary/plan.js';
import { CUT_NOTE, renderItem, renderList, type Column, type OutputSpec } from '../../src/output/render.js';
import { textTools } from '../../src/output/text.js';
import { makeTheme } from '../../src/output/theme.js';
import { testIO } from '../helpers/factory.js';

const table = (width: number, extra: Partial<OutputSpec> = {}): OutputSpec => ({ format: 'table', color: false, width, ...extra });
const widest = (text: string) => Math.max(...text.split('\n').map((line) => stringWidth(line)));
/** The words of a text, whatever lines and padding it was laid out in. */
const words = (text: string) => text.split(/\s+/).filter(Boolean);

const INCOMPLETE =
  'CHECKIN PASSPORT_INFORMATION: Passport information incomplete for Ada Lovelace: MIDDLE_NAME, NATIONALITY, DATE_OF_BIRTH, PASSPORT_NUMBER, PASSPORT_EXPIRY — Ms Ada Lovelace\n' +
  'CHECKIN PERSONAL_DETAILS: Personal details incomplete for Ada Lovelace: DATE_OF_BIRTH — Ms Ada Lovelace';

describe('18 fit the screen: detail views', () => {
  it.each([80, 120])('18 a detail view at %i columns wraps long values under their value column and loses no word', async (width) => {
    const t = testIO();
    const record = { id: '400016', incomplete: INCOMPLETE, name: 'Best of Peru' };
    await renderItem(t.io, record, table(width), {
      rows: [
        { field: 'id', header: 'ID' },
        { field: 'incomplete', header: 'CANCELLATION TERMS' },
        { field: 'name', header: 'NAME' },
      ],
    });
    const lines = t.out().trimEnd().split('\n');
    expect(widest(t.out())).toBeLessThanOrEqual(width);
    // Every line of the value starts under the value column (label width 18 + 2).
    const valueLines = lines.slice(1, -1);
    expect(valueLines.length).toBeGreaterThan(2);
    expect(valueLines[0]).toMatch(/^CANCELLATION TERMS {2}CHECKIN/);
    for (const line of valueLines.slice(1)) expect(line).toMatch(/^ {20}\S/);
    expect(words(valueLines.join(' ').slice('CANCELLATION TERMS'.length))).toEqual(words(INCOMPLETE));
    expect(lines.at(-1)).toBe('NAME                Best of Peru');
    expect(t.err()).toBe('');
  });

  it('18 a row capped by maxWidth is cut with … and says --wide once; with --wide it is whole', async () => {
    const rows: Column[] = [
      { field: 'path', maxWidth: 12 },
      { field: 'other', maxWidth: 5 },
    ];
    const record = { path: '/bookings/200010/services/', other: 'abcdefgh' };
    const cut = testIO();
    await renderItem(cut.io, record, table(80), { rows });
    expect(cut.out()).toBe('PATH   /bookings/2…\nOTHER  abcd…\n');
    expect(cut.err()).toBe(`${CUT_NOTE}\n`);

    const wide = testIO();
    await renderItem(wide.io, record, table(80, { wide: true }), { rows });
    expect(wide.out()).toBe('PATH   /bookings/200010/services/\nOTHER  abcdefgh\n');
    expect(wide.err()).toBe('');
  });
});

describe('18 fit the screen: tables', () => {
  const columns: Column[] = [{ field: 'id' }, { field: 'name' }, { field: 'path' }];
  const records = [
    { id: '100001', name: 'Best of Peru and the Sacred Valley', path: '/goodtogo/5f2c9a0e1b7d4c3a9e8f6b2d1c0a9e8f' },
    { id: '100002', name: 'Best of Costa Rica', path: '/goodtogo/0a9e8f6b2d1c5f2c9a0e1b7d4c3a9e8f' },
  ];

  it('18 a list wider than the terminal is cut to it with …, and --wide is said once on stderr however many tables', async () => {
    const t = testIO();
    await renderList(t.io, records, table(60), { columns });
    await renderItem(t.io, { id: 'B1' }, table(60), { rows: [{ field: 'id' }], sections: [{ title: 'Services', columns, records }] });
    expect(widest(t.out())).toBeLessThanOrEqual(60);
    expect(t.out()).toContain('…');
    expect(t.err()).toBe(`${CUT_NOTE}\n`);
    expect(stringWidth(CUT_NOTE)).toBeLessThanOrEqual(60);
  });

  it('18 --wide keeps every column whole, maxWidth included, and says nothing', async () => {
    const t = testIO();
    await renderList(t.io, records, table(60, { wide: true }), { columns: [{ field: 'id' }, { field: 'name', maxWidth: 10 }, { field: 'path' }] });
    expect(t.out()).toContain('Best of Peru and the Sacred Valley');
    expect(t.out()).toContain('/goodtogo/5f2c9a0e1b7d4c3a9e8f6b2d1c0a9e8f');
    expect(t.out()).not.toContain('…');
    expect(t.err()).toBe('');
  });

  it('18 a table that fits says nothing about --wide', async () => {
    const t = testIO();
    await renderList(t.io, records, table(120), { columns });
    expect(t.out()).not.toContain('…');
    expect(t.err()).toBe('');
  });

  it('18 a wrap column (what people must read) breaks onto more lines instead of being cut', async () => {
    const t = testIO();
    const missing = 'MIDDLE_NAME, NATIONALITY, DATE_OF_BIRTH, PASSPORT_NUMBER, PASSPORT_EXPIRY';
    await renderList(t.io, [{ id: '300018', missing }], table(40), {
      columns: [
        { field: 'id', whole: true },
        { field: 'missing', wrap: true },
      ],
    });
    expect(widest(t.out())).toBeLessThanOrEqual(40);
    expect(t.out()).not.toContain('…');
    expect(t.out().split('\n')[1]).toMatch(/^300018 {2}MIDDLE_NAME,/);
    expect(words(t.out()).filter((word) => word !== 'ID' && word !== 'MISSING' && word !== '300018')).toEqual(words(missing));
    expect(t.err()).toBe('');
  });
});

describe('18 fit the screen: emoji and CJK take their width on screen', () => {
  const cases = [
    ['CJK', '東京都庁の展望台からの眺めは素晴らしい'],
    ['Hangul', '서울 타워 야경 투어와 한강 유람선 저녁 식사'],
    ['emoji sequences', '👨‍👩‍👧 family 🇨🇦 flag 1️⃣ keycap 👍🏽 tone 👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧'],
    ['combining accents', 'Zu\u0308rich Zu\u0308rich Zu\u0308rich Zu\u0308rich Zu\u0308rich'],
  ] as const;

  it.each(cases)('18 %s: a cut column never passes its width, at every width, and never splits a character', async (_what, text) => {
    const tools = await textTools();
    for (let width = 1; width <= stringWidth(text); width++) {
      const cut = tools.cut(text, width);
      expect(stringWidth(cut), `${JSON.stringify(cut)} at ${width}`).toBeLessThanOrEqual(width);
      expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no lone surrogate
      // Cut below the text's width (marked), whole at it.
      expect(width < stringWidth(text) ? cut.endsWith('…') : cut === text, `${JSON.stringify(cut)} at ${width}`).toBe(true);
    }
  });

  it.each(cases)('18 %s: a wrapped cell keeps every character, each line within its width', async (_what, text) => {
    for (const width of [10, 13, 24]) {
      const t = testIO();
      await renderList(t.io, [{ id: '1', text }], table(width + 3), { columns: [{ field: 'id' }, { field: 'text', wrap: true }] });
      const lines = t.out().trimEnd().split('\n').slice(1);
      for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(width + 3);
      // wrap-ansi writes the text in NFC: u + combining diaeresis becomes ü, the same on screen.
      expect(
        lines
          .map((line) => line.slice(3))
          .join('')
          .replace(/ /g, ''),
      ).toBe(text.normalize().replace(/ /g, ''));
    }
  });

  it('18 columns stay aligned for text cli-table3 measures otherwise (string-width 4): newer emoji, ZWJ sequences, Thai marks', async () => {
    // string-width 4 counts 🫠 as 1 column, 🧑‍🚀 as 5 and ก่ as 2; a terminal (and string-width 8) as 2, 2 and 1.
    const names = ['🫠 melt', '🧑‍🚀 crew', 'ก่ Thai', 'plain', '東京 🧑‍🚀 🫠'];
    const t = testIO();
    await renderList(
      t.io,
      names.map((name, i) => ({ name, id: String(i + 1), colour: '🫠 🧑‍🚀' })),
      table(80),
      { columns: [{ field: 'name' }, { field: 'id' }, { field: 'colour' }] },
    );
    const lines = t.out().trimEnd().split('\n');
    // The widest name, 東京 🧑‍🚀 🫠, takes 10 columns.
    expect(lines[0]).toBe('NAME        ID  COLOUR');
    // Each name padded to those 10 columns as a terminal counts them, whatever string-width 4 says.
    expect(lines.slice(1)).toEqual(names.map((name, i) => `${name}${' '.repeat(10 - stringWidth(name))}  ${i + 1}   🫠 🧑‍🚀`));
    const item = testIO();
    await renderItem(item.io, { a: '🧑‍🚀 x', b: 'y' }, table(40), {
      rows: [
        { field: 'a', header: '🫠' },
        { field: 'b', header: 'LONG' },
      ],
    });
    expect(item.out()).toBe('🫠    🧑‍🚀 x\nLONG  y\n');
  });

  it('18 a detail view with CJK labels and values lines up and wraps by display width', async () => {
    const t = testIO();
    const value = '東京都庁の展望台からの眺めは素晴らしい東京都庁の展望台からの眺めは素晴らしい';
    await renderItem(t.io, { a: value, b: 'x' }, table(30), {
      rows: [
        { field: 'a', header: '名前' },
        { field: 'b', header: 'AB' },
      ],
    });
    const lines = t.out().trimEnd().split('\n');
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(30);
    expect(lines[0].startsWith('名前  ')).toBe(true);
    for (const line of lines.slice(1, -1)) expect(line.startsWith('      ')).toBe(true);
    expect(
      lines
        .slice(0, -1)
        .map((line) => line.slice(line.startsWith('名前') ? 4 : 6))
        .join('')
        .replace(/ /g, ''),
    ).toBe(value);
    expect(lines.at(-1)).toBe('AB    x');
  });
});

describe('18 fit the screen: itineraries', () => {
  const itinerary = {
    id: '700001',
    label: 'Best of Peru',
    tour_dossier: { id: '20001', name: 'Best of Peru' },
    length: 18,
    variations: [
      { variation_id: '7000011', valid_during_ranges: [{ start_date: '2026-05-29', end_date: '2027-12-29' }] },
      { variation_id: '7000013', valid_during_ranges: [{ start_date: '2027-12-30' }] },
      { variation_id: '7000012', valid_during_ranges: [{ start_date: '2024-12-05', end_date: '2026-05-28' }] },
    ],
    days: [
      {
        id: 'd1',
        day: 1,
        label: 'Lima: Arrival',
        summary: 'Arrive in Lima any time; welcome meeting at 6 pm in the hotel lobby, then a walk to dinner in Miraflores with the group and the leader.',
        components: [{ type: 'ACCOMMODATION', time_period: 'EVENING', summary: 'Hotel in Lima', accommodation: { name: 'Lima Guesthouse 2 with a very long name', type: { label: 'Hotel' } } }],
        instructions: 'Check the notice board in the hotel lobby for the meeting point; 東京 and 👨‍👩‍👧 travellers too.',
      },
    ],
  };

  it.each([80, 120, 40])('18 an itinerary at %i columns: every line fits, items continue under their text', async (width) => {
    const style = terminalStyle(makeTheme(false), { text: await textTools(), width });
    const text = renderPlan(itinerary as never, style, '2026-11-25');
    expect(widest(text)).toBeLessThanOrEqual(width);
    expect(words(text)).toEqual(words(renderPlan(itinerary as never, terminalStyle(makeTheme(false)), '2026-11-25')));
    const lines = text.split('\n');
    const noteStart = lines.findIndex((line) => line.startsWith('Note:'));
    expect(noteStart, 'the note is shown').toBeGreaterThan(-1);
    // The note is longer than every width here: it always continues under its text.
    expect(lines[noteStart + 1]).toMatch(/^ {6}\S/);
  });
});
