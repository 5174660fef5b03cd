/**
 * Tables and detail views are drawn by cli-table3: no borders, no padding, columns two spaces
 * apart. trek fits each cell first (text.ts: width, cuts and wraps by string-width 8) and hands
 * cli-table3 the column widths, so cli-table3 only lays the lines side by side and pads them.
 */
import { textTools, type TextTools } from './text.js';

/** What separates two columns. */
export const COLUMN_GAP = '  ';

const NO_BORDERS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: COLUMN_GAP,
};

/** Text made of printable ASCII and colour codes only: one column a character for any measure. */
const ASCII_LINE = /^(?:[\x20-\x7e]|\x1b\[[\d;]*m)*$/;
/** Unicode's Private Use Area: the stand-ins' characters (one column each by either measure). */
const PRIVATE_USE = 0xe000;
const PRIVATE_USE_SIZE = 0x1900;
const STAND_IN = /[\ue000-\uf8ff]+/g;

/**
 * A line's stand-in: `width` private-use characters, the first ones numbering it among the lines
 * of that width. cli-table3 measures with string-width 4, whose emoji tables are older than
 * trek's (string-width 8): a newer emoji, a ZWJ or keycap sequence or a variation selector can
 * count a column more or less there, and cli-table3 would pad (or cut) that line by its own
 * count. So every line with more than ASCII reaches it as a stand-in as wide as trek measures the
 * line, which both count alike, and the line takes its stand-in's place in the drawn table: the
 * columns stay aligned by trek's measure, with cli-table3's wrapping and cutting never used.
 */
function standIn(number: number, width: number): string {
  let text = '';
  for (let n = number, left = width; left > 0; left--, n = Math.floor(n / PRIVATE_USE_SIZE)) text = String.fromCharCode(PRIVATE_USE + (n % PRIVATE_USE_SIZE)) + text;
  return text;
}

export type Align = 'left' | 'right';

/**
 * `rows` (each cell its lines, already fitted to its column's width) as text: each column
 * `widths[i]` wide, COLUMN_GAP apart, its cells on the left of it unless `aligns` says right,
 * every line ending in '\n' without trailing blanks.
 */
export async function drawColumns(rows: string[][][], widths: number[], text: TextTools, aligns: Align[] = []): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const table = new Table({
    chars: NO_BORDERS,
    colWidths: widths,
    colAligns: aligns,
    wordWrap: false,
    // Empty style lists: cli-table3 then never loads its own colour library (trek colours the text).
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [], compact: true },
  });
  const lines = new Map<string, string>();
  const standIns = new Map<string, string>();
  const counts = new Map<number, number>();
  const standInFor = (line: string): string => {
    if (ASCII_LINE.test(line)) return line;
    let stand = standIns.get(line);
    if (stand === undefined) {
      const width = text.width(line);
      const number = counts.get(width) ?? 0;
      // Nothing to stand in for a line of no width, nor numbers left (6,400 different one-column lines).
      if (width === 0 || number >= PRIVATE_USE_SIZE ** width) return line;
      counts.set(width, number + 1);
      stand = standIn(number, width);
      standIns.set(line, stand);
      lines.set(stand, line);
    }
    return stand;
  };
  for (const row of rows) table.push(row.map((cell) => cell.map(standInFor).join('\n')));
  const drawn = table.toString().replace(STAND_IN, (stand) => lines.get(stand) ?? stand);
  return drawn ? drawn.replace(/ +$/gm, '') + '\n' : '';
}

/**
 * One-line cells in columns as wide as their widest cell (a picker's choices, a short list under
 * a table): the lines, without trailing blanks. Cells are sanitised text, never cut.
 */
export async function columnLines(rows: string[][], aligns: Align[] = []): Promise<string[]> {
  const text = await textTools();
  const widths = (rows[0] ?? []).map((_, i) => Math.max(0, ...rows.map((row) => text.width(row[i] ?? ''))));
  const drawn = await drawColumns(
    rows.map((row) => row.map((cell) => [cell])),
    widths,
    text,
    aligns,
  );
  return drawn.split('\n').slice(0, -1);
}
