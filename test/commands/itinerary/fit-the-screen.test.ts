/**
 * Issue 18, "Fit the screen": `trek itinerary get` on the test factory. The flags (--wide,
 * --no-pager) reach the output spec through the root's parsing, with stdout a terminal or
 * not; itineraryGetRun writes a plan within the terminal's width, or the resource in a pipe.
 */
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { itineraryGetRun } from '../../../src/commands/itinerary/get.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { outputSpec } from '../../../src/commands/output-spec.js';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';

const TODAY = '2026-11-25';

describe('18 fit the screen: trek itinerary get', () => {
  it('18 flags on a terminal: a table view, paged with less -FRX unless --no-pager, fitted unless --wide', async () => {
    const plain = testFactory({ tty: true, columns: 80, env: { NO_COLOR: '1' } });
    expect(await main(['itinerary', 'get', '700001'], plain.f)).toBe(0);
    expect(await outputSpec(plain.f)).toMatchObject({ format: 'table', width: 80, wide: false, pager: { command: 'less -FRX' } });

    const flagged = testFactory({ tty: true, columns: 80, env: { NO_COLOR: '1' } });
    expect(await main(['itinerary', 'get', '700001', '--wide', '--no-pager'], flagged.f)).toBe(0);
    const spec = await outputSpec(flagged.f);
    expect(spec).toMatchObject({ format: 'table', wide: true });
    expect(spec.pager).toBeUndefined();
  });

  it('18 flags in a pipe: json, never paged', async () => {
    const piped = testFactory({ tty: false });
    expect(await main(['itinerary', 'get', '700001', '--wide'], piped.f)).toBe(0);
    const spec = await outputSpec(piped.f);
    expect(spec.format).toBe('json');
    expect(spec.pager).toBeUndefined();
    expect(JSON.parse(piped.out())).toMatchObject({ id: '700001' });
  });

  it.each([80, 120])('18 itineraryGetRun on a %i-column terminal: every line fits, and the long lines wrapped rather than lost', async (columns) => {
    const t = testFactory({ tty: true, columns });
    const opts = await resourceOptions(t.f);
    await itineraryGetRun({ ...opts, id: '700001', markdown: false, today: TODAY });
    const lines = t.out().split('\n');
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(columns);
    const variations = lines.findIndex((line) => line.startsWith('  Variations: '));
    if (columns === 80) expect(lines[variations + 1]).toMatch(/^ {4}\S/); // the variations continue under their text
    expect(t.out().replace(/\s+/g, ' ')).toContain('The exact accommodation of a trip is in the accommodation components of its departure or departure service (trek service get ID).');
  });
});
