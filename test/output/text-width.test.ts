/** Table columns are measured with string-width: what a terminal shows, not code units. */
import { describe, expect, it } from 'vitest';
import { renderItem, renderList, type OutputSpec } from '../../src/output/render.js';
import { testIO } from '../helpers/factory.js';

const table = (width: number): OutputSpec => ({ format: 'table', color: false, width });

async function cityTable(city: string, width = 80): Promise<string[]> {
  const t = testIO();
  await renderList(t.io, [{ city, n: 1 }], table(width), { columns: [{ field: 'city' }, { field: 'n' }] });
  return t.out().split('\n');
}

describe('terminal width', () => {
  it.each([
    ['a family emoji (one ZWJ sequence)', '👨‍👩‍👧', 2],
    ['a flag (two regional indicators)', '🇨🇦', 2],
    ['a keycap', '1️⃣', 2],
    ['combining accents', 'Zu\u0308rich', 6],
    ['Hangul', '서울', 4],
    ['fullwidth forms', 'ＡＢ', 4],
  ])('15 terminal width: %s takes its width on screen, and the next column lines up after it', async (_what, city, columns) => {
    const [header, row] = await cityTable(city);
    // CITY is 4 wide: the N column starts two spaces after the wider of the header and the cell.
    const start = Math.max(4, columns) + 2;
    expect(header).toBe('CITY'.padEnd(start) + 'N');
    expect(row).toBe(city + ' '.repeat(start - columns) + '1');
  });

  it('15 terminal width: a cut never splits an emoji sequence', async () => {
    const [, row] = await cityTable('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 7);
    // 7 columns minus the gap and N leave 4: one family (2) and "…" (1), as the second would need 2 more; padded to 4.
    expect(row).toBe('👨‍👩‍👧…   1');
  });

  it('15 terminal width: record labels line up by display width', async () => {
    const t = testIO();
    await renderItem(t.io, { a: 1, b: 2 }, table(80), {
      rows: [
        { field: 'a', header: '東京' },
        { field: 'b', header: 'AB' },
      ],
    });
    expect(t.out()).toBe('東京  1\nAB    2\n');
  });
});
