import { beforeAll, describe, expect, it } from 'vitest';
import type { ItineraryDay } from '../../../src/api/resources/itineraries.js';
import { ACCOMMODATION_NOTE, escapeMarkdown, mergeDays } from '../../../src/commands/itinerary/plan.js';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';
import { asTerminalPlan, PLAN_TOKEN_TYPES, readPlanMarkdown } from './plan-markdown.js';

const sandbox = useTrekSandbox();
/** The sandbox catalogue's epoch (its first day): every catalogue date is relative to it. */
let epoch: string;
let itinerary: any;
beforeAll(async () => {
  epoch = (await sandbox.api('GET', '/_sandbox/clock')).epoch.slice(0, 10);
  itinerary = await sandbox.api('GET', '/itineraries/700001/');
});

const hostileServers = useHostileServers();

function day(offset: number): string {
  return new Date(Date.parse(`${epoch}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * `trek …` on a terminal without colour, wide enough that no line wraps: these tests compare
 * the plan's content (test/output/fit-the-screen.test.ts checks how it wraps).
 */
const WIDE_TERMINAL = { tty: true, columns: 1000 };
const onTerminal = (args: string[]) => sandbox.trek([...args, '--color', 'never'], WIDE_TERMINAL);

/** A list item (or the note) as the parser reads `**Label:** text`. */
const labelledItem = (label: string, text: string) => [{ paragraph: [{ strong: [`${label}:`] }, ` ${text}`] }];
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ranges = (list: any[]) => list.map((r) => (r.end_date ? `${r.start_date} – ${r.end_date}` : `${r.start_date} onwards`)).join('; ');

describe('mergeDays', () => {
  const d = (n: number, id: string): ItineraryDay => ({ id, day: n });
  it('merges consecutive days sharing an id into "Days a–b", in day order', () => {
    expect(mergeDays([d(3, 'b'), d(1, 'a'), d(2, 'b'), d(4, 'b'), d(5, 'c'), d(6, 'b')]).map((block) => block.label)).toEqual(['Day 1', 'Days 2–4', 'Day 5', 'Day 6']);
  });
});

describe('escapeMarkdown', () => {
  it('escapes inline markup anywhere and block markers at the start', () => {
    expect(escapeMarkdown('# [x](y) *b* _i_ `c` <b> &amp; a|b ~s~ \\')).toBe('\\# \\[x\\](y) \\*b\\* \\_i\\_ \\`c\\` \\<b\\> \\&amp; a\\|b \\~s\\~ \\\\');
    expect(['- a', '+ a', '> a', '= a', '12. a', '3) a'].map(escapeMarkdown)).toEqual(['\\- a', '\\+ a', '\\> a', '\\= a', '12\\. a', '3\\) a']);
  });

  it('breaks the links GFM makes of bare URLs, www. addresses and e-mail addresses', () => {
    expect(escapeMarkdown('see https://evil.example/x, WWW.evil.example or mailto:a@evil.example')).toBe('see https:\\//evil.example/x, WWW\\.evil.example or mailto:a\\@evil.example');
  });
});

describe('trek itinerary get', () => {
  it('prints a day-by-day plan on a terminal: facts, the accommodation note, "Days 2–3" once', async () => {
    const t = await onTerminal(['itinerary', 'get', '700001']);
    expect(t.code).toBe(0);
    const out = t.out();
    const [current, ...others] = itinerary.variations;
    const future = others.find((v: any) => v.valid_during_ranges[0].start_date > epoch);
    const past = others.find((v: any) => v.valid_during_ranges[0].start_date < epoch);
    const meals = itinerary.meals_included;
    const facts =
      `${itinerary.label}\n\nItinerary 700001 · PUBLISHED\n\n` +
      `  Tour dossier: ${itinerary.tour_dossier.name} (20001)\n` +
      `  Length: ${itinerary.length} days, ${itinerary.start_location.name} to ${itinerary.end_location.name}\n` +
      `  Included meals: ${meals.breakfasts} breakfasts, ${meals.lunches} lunches, ${meals.dinners} dinners\n` +
      `  Meal budget: ${itinerary.meal_budget.min_max[0]}–${itinerary.meal_budget.min_max[1]} USD for meals not included\n` +
      `  Ripple score: ${itinerary.ripple_score.score}/100 (valid ${itinerary.ripple_score.start_date} – ${itinerary.ripple_score.end_date})\n` +
      `  Valid: ${ranges(itinerary.valid_during_ranges)}\n` +
      `  Variations: ${current.variation_id} current (${ranges(current.valid_during_ranges)}); ${others
        .map((v: any) => `${v.variation_id} ${v === future ? 'future' : v === past ? 'past' : ''} (${ranges(v.valid_during_ranges)})`)
        .join('; ')}\n`;
    expect(out.slice(0, facts.length)).toBe(facts);
    expect(out).toContain(
      '\nNote: The accommodation named here is representative. The exact accommodation of a trip is in the accommodation components of its departure or departure service (trek service get ID).\n',
    );

    const [, second, third] = itinerary.days;
    expect(second.id).toBe(third.id);
    const headings = out.split('\n').filter((line) => /^Days? \d/.test(line));
    expect(headings).toHaveLength(itinerary.length - 1);
    expect(headings.filter((line) => line.startsWith('Days 2–3 · '))).toEqual([`Days 2–3 · ${second.label}`]);
    expect(headings.some((line) => /^Day [23] /.test(line))).toBe(false);
    const stay = second.components.find((c: any) => c.type === 'ACCOMMODATION');
    expect(out).toContain(
      `\nDays 2–3 · ${second.label}\n  ${second.summary}\n  ${second.description}\n  Meals: ` +
        second.meals.map((m: any) => ({ BREAKFAST: 'Breakfast', LUNCH: 'Lunch', DINNER: 'Dinner' })[m.type as string] + (m.description ? ` (${m.description})` : '')).join(', ') +
        '\n  Morning · Activity: ',
    );
    expect(out).toContain(`\n  Evening · Accommodation: ${stay.summary} — ${stay.accommodation.name} (Hotel)\n`);
  });

  it('shows a variation with --variation', async () => {
    const t = await onTerminal(['itinerary', 'get', '700001', '--variation', '7000013']);
    expect(t.code).toBe(0);
    const variation = itinerary.variations.find((v: any) => v.variation_id === '7000013');
    expect(t.out()).toContain('\nItinerary 700001 · variation 7000013 · PUBLISHED\n');
    expect(t.out()).toContain(`\n  Valid: ${ranges(variation.valid_during_ranges)}\n`);
  });

  it('writes Markdown with --markdown that a Markdown parser reads as the plan: a title, the facts, the note, one heading per day block', async () => {
    const t = await sandbox.trek(['itinerary', 'get', '700001', '--markdown']);
    expect(t.code).toBe(0);
    const read = readPlanMarkdown(t.out());
    expect(read.tokenTypes).toEqual(new Set(PLAN_TOKEN_TYPES));

    const days = [...itinerary.days].sort((a: any, b: any) => a.day - b.day);
    const [, second, third] = days;
    expect(second.id).toBe(third.id);
    const dayHeadings = days.filter((d: any) => d !== third).map((d: any) => (d === second ? `Days 2–3 · ${d.label}` : `Day ${d.day} · ${d.label}`));
    const headings = read.blocks.filter((block) => 'heading' in block);
    expect(headings).toEqual([{ heading: 1, content: [itinerary.label] }, ...dayHeadings.map((text: string) => ({ heading: 2, content: [text] }))]);
    expect(headings.filter((heading) => String(heading.content[0]).startsWith('Days 2–3 · '))).toHaveLength(1);

    expect(read.blocks.slice(0, 4)).toEqual([
      { heading: 1, content: [itinerary.label] },
      { paragraph: [{ em: ['Itinerary 700001 · PUBLISHED'] }] },
      { list: expect.arrayContaining([labelledItem('Flags', itinerary.flags.join(', ')), labelledItem('Tour dossier', `${itinerary.tour_dossier.name} (20001)`)]) },
      { blockquote: labelledItem('Note', ACCOMMODATION_NOTE) },
    ]);
    const daysTwoThree = read.blocks.findIndex((block) => 'heading' in block && block.content[0] === dayHeadings[1]);
    const stay = second.components.find((c: any) => c.type === 'ACCOMMODATION');
    const mealNames: Record<string, string> = { BREAKFAST: 'Breakfast', LUNCH: 'Lunch', DINNER: 'Dinner' };
    expect(read.blocks.slice(daysTwoThree + 1, daysTwoThree + 4)).toEqual([
      { paragraph: [second.summary] },
      { paragraph: [second.description] },
      {
        list: [
          labelledItem('Meals', second.meals.map((m: any) => mealNames[m.type] + (m.description ? ` (${m.description})` : '')).join(', ')),
          ...second.components.filter((c: any) => c !== stay).map(() => expect.anything()),
          labelledItem('Evening · Accommodation', `${stay.summary} — ${stay.accommodation.name} (Hotel)`),
          labelledItem('Optional', second.optional_activities.map((o: any) => o.activity_dossier.name).join(', ')),
        ],
      },
    ]);

    const terminal = await onTerminal(['itinerary', 'get', '700001']);
    expect(asTerminalPlan(read.blocks)).toBe(terminal.out());
    expect(read.html.startsWith(`<h1>${escapeHtml(itinerary.label)}</h1>\n<p><em>Itinerary 700001 · PUBLISHED</em></p>\n<ul>\n`)).toBe(true);
    expect(read.html.split(`<h2>Days 2–3 · ${escapeHtml(second.label)}</h2>`)).toHaveLength(2);
    expect(read.html).toContain(`<li><strong>Evening · Accommodation:</strong> ${escapeHtml(stay.summary)} — ${escapeHtml(stay.accommodation.name)} (Hotel)</li>`);
  });

  it('prints the itinerary resource itself in a pipe', async () => {
    const t = await sandbox.trek(['itinerary', 'get', '700001']);
    expect(JSON.parse(t.out())).toEqual(itinerary);
  });

  it.each([
    [['--markdown', '-o', 'json'], 'use either --markdown or -o json, not both'],
    [['--markdown', '--fields', 'id'], '--fields does not apply to --markdown'],
    [['--variation', ''], '--variation "" is not a valid id: it is empty'],
  ])('refuses %j (exit 2)', async (flags, message) => {
    const t = await sandbox.trek(['itinerary', 'get', '700001', ...flags]);
    expect(t.code).toBe(2);
    // With -o json the error is one JSON object, as scripts read it.
    if (flags.includes('json')) expect(JSON.parse(t.err())).toMatchObject({ error: { message }, exit_code: 2 });
    else expect(t.err()).toBe(`error: ${message}\n`);
  });

  it('keeps server text from becoming markup or terminal control', async () => {
    const evil = '# Evil [click](javascript:alert(1)) <img src=x> *b* | x | \x1b]8;;http://evil.example\x07link\x1b]8;;\x07 \x1b[2J';
    const shown = '# Evil [click](javascript:alert(1)) <img src=x> *b* | x | link';
    const notes = 'Mail a@evil.example or see www.evil.com and https://evil.example/x: ~~gone~~ `code` &amp; C:\\temp\\_x_ \\*';
    const hostile = await hostileServers.start((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: '1',
          href: '/itineraries/1/',
          label: evil,
          days: [
            {
              id: 'a',
              day: 1,
              label: '1. not a list',
              summary: evil,
              description: '- not an item\nsecond line',
              meals: [{ type: 'DINNER', description: '<script>' }],
              components: [{ type: 'ACCOMMODATION', summary: '**stay**', accommodation: { name: '[Hotel](http://x)' } }],
              optional_activities: [{ activity_dossier: { name: '<script>alert(1)</script>' } }],
              instructions: notes,
            },
          ],
        }),
      );
    });
    const md = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
    expect(await main(['itinerary', 'get', '1', '--markdown'], md.f)).toBe(0);
    const read = readPlanMarkdown(md.out());
    expect(read.blocks).toEqual([
      { heading: 1, content: [shown] },
      { paragraph: [{ em: ['Itinerary 1'] }] },
      { blockquote: labelledItem('Note', ACCOMMODATION_NOTE) },
      { heading: 2, content: ['Day 1 · 1. not a list'] },
      { paragraph: [shown] },
      { paragraph: ['- not an item second line'] },
      {
        list: [
          labelledItem('Meals', 'Dinner (<script>)'),
          labelledItem('Accommodation', '**stay** — [Hotel](http://x)'),
          labelledItem('Optional', '<script>alert(1)</script>'),
          labelledItem('Notes', notes),
        ],
      },
    ]);
    expect(read.html).not.toMatch(/<(?!\/?(?:h1|h2|p|em|strong|ul|li|blockquote)>)/);
    expect(read.html).toContain('<li><strong>Optional:</strong> &lt;script&gt;alert(1)&lt;/script&gt;</li>');

    const term = testFactory({ baseUrl: hostile.url, apiKey: 'k', ...WIDE_TERMINAL });
    expect(await main(['itinerary', 'get', '1', '--color', 'never'], term.f)).toBe(0);
    expect(term.out()).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f]/);
    expect(term.out()).toContain(shown);
    expect(asTerminalPlan(read.blocks)).toBe(term.out());
  });
});

describe('trek itinerary for-dossier', () => {
  it("picks the itinerary the dossier's valid_during_ranges give for the date, and names the current variation", async () => {
    // Dossier 20004 has a seasonal pair: 700007 until day 180, 700008 from day 181 (docs/sandbox.md).
    const dossier = await sandbox.api('GET', '/tour_dossiers/20004/');
    const early = await onTerminal(['itinerary', 'for-dossier', '20004', '--date', epoch]);
    expect(early.code).toBe(0);
    expect(early.err()).toBe(
      `Tour dossier 20004 (${dossier.name}): itinerary 700007 applies on ${epoch} (its range ${day(-365)} – ${day(180)}).\n` + 'Current variation: 7000071 (the first the itinerary lists).\n',
    );
    expect(early.out()).toContain('\nItinerary 700007 · PUBLISHED\n');
    const late = await sandbox.trek(['itinerary', 'for-dossier', '20004', '--date', day(200)]);
    expect(JSON.parse(late.out())).toEqual(await sandbox.api('GET', '/itineraries/700008/'));
    expect(late.err()).toContain(`itinerary 700008 applies on ${day(200)} (its range ${day(181)} onwards)`);
  });

  it('shows the variation valid on the date when it is not the current one', async () => {
    const t = await onTerminal(['itinerary', 'for-dossier', '20001', '--date', day(450)]);
    expect(t.code).toBe(0);
    expect(t.err()).toContain(`Current variation: 7000011 (the first the itinerary lists).\nOn ${day(450)} variation 7000013 applies (${day(400)} onwards); showing it.\n`);
    expect(t.out()).toContain('\nItinerary 700001 · variation 7000013 · PUBLISHED\n');
  });

  it('says which ranges exist when none covers the date (exit 2)', async () => {
    const t = await sandbox.trek(['itinerary', 'for-dossier', '20001', '--date', day(-400)]);
    expect(t.code).toBe(2);
    expect(t.err()).toBe(`error: no itinerary of tour dossier 20001 applies on --date ${day(-400)}\nIts itineraries apply: ${day(-365)} onwards: itinerary 700001.\n`);
  });

  it('refuses a date that is not YYYY-MM-DD, or no real day (exit 2)', async () => {
    const t = await sandbox.trek(['itinerary', 'for-dossier', '20001', '--date', '2027-02-30']);
    expect([t.code, t.err()]).toEqual([2, 'error: --date: 2027-02-30 is not a real date: February 2027 has 28 days\n']);
    const form = await sandbox.trek(['itinerary', 'for-dossier', '20001', '--date', '1 May 2027']);
    expect(form.code).toBe(2);
    expect(form.err()).toMatch(/^error: --date\b.*YYYY-MM-DD/);
  });
});
