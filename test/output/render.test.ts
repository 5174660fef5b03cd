import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { FORMATS, type Format } from '../../src/output/formats.js';
import { renderItem, renderList, writeRaw, type Column, type ItemOptions, type OutputSpec } from '../../src/output/render.js';
import { testIO } from '../helpers/factory.js';

const departures = [
  { id: '101', name: 'Inca Trail', availability: { status: 'AVAILABLE' }, price: 1299.5 },
  { id: '102', name: 'Amazon, "Deep" Jungle', availability: { status: 'WAIT_LIST' }, price: null },
];

const statusStyle: Column['style'] = (text, _value, theme) => theme.status(text);

const columns: Column[] = [{ field: 'id' }, { field: 'name' }, { field: 'availability.status', header: 'STATUS', style: statusStyle }];

function spec(format: Format, more: Partial<OutputSpec> = {}): OutputSpec {
  return { format, color: false, width: 80, ...more };
}

async function list(format: Format, more: Partial<OutputSpec> = {}, records: unknown[] = departures) {
  const t = testIO();
  const written = await renderList(t.io, records, spec(format, more), { columns, empty: 'No departures match.' });
  return { out: t.out(), err: t.err(), written };
}

describe('renderList', () => {
  it('31 ndjson waits for a full stdout (a slow pipe) to drain before writing the next record', async () => {
    const chunks: string[] = [];
    const sink = Object.assign(new EventEmitter(), { write: (chunk: string) => (chunks.push(chunk), false) });
    const rendering = renderList({ ...testIO().io, out: sink }, departures, spec('ndjson'), { columns });
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(1);
    sink.emit('drain');
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(2);
    sink.emit('drain');
    expect(await rendering).toBe(2);
    expect(chunks.map((line) => JSON.parse(line).id)).toEqual(['101', '102']);
  });

  it('31 records written one after another go out together: one writev for a stream, up to 128 KiB a run, then it drains', async () => {
    const batches: string[][] = [];
    const sink = new Writable({
      highWaterMark: 16 * 1024,
      writev(chunks, callback) {
        batches.push(chunks.map(({ chunk }) => String(chunk)));
        setImmediate(callback);
      },
      write(chunk: Buffer, _encoding, callback) {
        batches.push([String(chunk)]);
        setImmediate(callback);
      },
    });
    const records = Array.from({ length: 40 }, (_, i) => ({ id: String(i), text: 'x'.repeat(10_000) }));
    expect(await renderList({ ...testIO().io, out: sink }, records, spec('ndjson'), { columns })).toBe(40);
    await new Promise((resolve) => sink.end(resolve));
    // 10 kB records: a run ends on the one that takes it past 128 KiB, far beyond the stream's own 16 KiB buffer.
    expect(batches.map((batch) => batch.length)).toEqual([14, 14, 12]);
    expect(batches.flat().join('')).toBe(records.map((record) => `${JSON.stringify(record)}\n`).join(''));
  });

  it('knows every format', () => {
    expect(FORMATS).toEqual(['table', 'json', 'ndjson', 'csv', 'tsv', 'yaml', 'xml']);
  });

  it('json: the records as one pretty array', async () => {
    const { out, written } = await list('json');
    expect(out).toBe(JSON.stringify(departures, null, 2) + '\n');
    expect(written).toBe(2);
  });

  it('json with --fields: selected keys, nesting kept', async () => {
    const { out } = await list('json', { fields: ['availability.status', 'id'] });
    expect(out).toBe(
      '[\n  {\n    "availability": {\n      "status": "AVAILABLE"\n    },\n    "id": "101"\n  },\n' + '  {\n    "availability": {\n      "status": "WAIT_LIST"\n    },\n    "id": "102"\n  }\n]\n',
    );
  });

  it('json and ndjson escape bidi, line-separator and C1 characters, and parse back unchanged', async () => {
    const hostile = [{ name: 'a\u202eb\u2028c\x9bd\x1b[2Je' }];
    for (const format of ['json', 'ndjson'] as const) {
      const { out } = await list(format, {}, hostile);
      expect(out).not.toMatch(/[\u202e\u2028\x9b\x1b]/);
      expect(out).toContain('a\\u202eb\\u2028c\\u009bd\\u001b[2Je');
      expect(JSON.parse(out)).toEqual(format === 'json' ? hostile : hostile[0]);
    }
  });

  it('ndjson: one compact record a line', async () => {
    const { out } = await list('ndjson', { fields: ['id', 'price'] });
    expect(out).toBe('{"id":"101","price":1299.5}\n{"id":"102","price":null}\n');
  });

  it('ndjson streams: a record is written before the next one has arrived', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let finished = false;
    async function* slowPages() {
      yield { id: 1 };
      await gate;
      yield { id: 2 };
      finished = true;
    }
    const t = testIO();
    const rendering = renderList(t.io, slowPages(), spec('ndjson'), { columns });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(finished).toBe(false);
    expect(t.out()).toBe('{"id":1}\n');
    release();
    expect(await rendering).toBe(2);
    expect(t.out()).toBe('{"id":1}\n{"id":2}\n');
  });

  it('csv: RFC 4180 quoting, header of field paths, nested values as compact JSON', async () => {
    expect((await list('csv')).out).toBe('id,name,availability.status\n101,Inca Trail,AVAILABLE\n102,"Amazon, ""Deep"" Jungle",WAIT_LIST\n');
    expect((await list('csv', { fields: ['id', 'availability', 'price'] })).out).toBe('id,availability,price\n101,"{""status"":""AVAILABLE""}",1299.5\n102,"{""status"":""WAIT_LIST""}",\n');
  });

  it('csv keeps line breaks inside quotes but sanitises escape sequences', async () => {
    const { out } = await list('csv', { fields: ['id', 'name'] }, [{ id: '1', name: 'Day 1\r\nDay 2 \x1b[31mred\x1b[0m\x07' }]);
    expect(out).toBe('id,name\n1,"Day 1\nDay 2 red\\x07"\n');
  });

  it('tsv: tabs, line breaks and backslashes escaped, controls sanitised', async () => {
    expect((await list('tsv')).out).toBe('id\tname\tavailability.status\n101\tInca Trail\tAVAILABLE\n102\tAmazon, "Deep" Jungle\tWAIT_LIST\n');
    const { out } = await list('tsv', { fields: ['id', 'name'] }, [{ id: 7, name: 'a\tb\nc\\d\x1b]0;t\x07\u202e' }]);
    expect(out).toBe('id\tname\n7\ta\\tb\\nc\\\\d\\u202e\n');
  });

  describe('13.7 output that attacks its reader: csv/tsv cells a spreadsheet would run as formulas', () => {
    const hostile = [
      { id: '1', name: '=HYPERLINK("http://evil.example","click")', phone: '+1-416-555-0100', owing: '-12.50', refund: -12.5, who: '@SUM(A1:A9)' },
      { id: '2', name: '\t=1+1', phone: '\r=2+2', owing: '\x1b[0m=3+3', refund: 0, who: '- list' },
    ];
    const fields = ['id', 'name', 'phone', 'owing', 'refund', 'who'];

    it("13.7 csv: a text cell starting with = + - @ or tab gets a ' (also once a CR or escape sequence is removed); JSON numbers stay numbers", async () => {
      expect((await list('csv', { fields }, hostile)).out).toBe(
        'id,name,phone,owing,refund,who\n' + `1,"'=HYPERLINK(""http://evil.example"",""click"")",'+1-416-555-0100,'-12.50,-12.5,'@SUM(A1:A9)\n` + "2,'\t=1+1,'=2+2,'=3+3,0,'- list\n",
      );
    });

    it("13.7 tsv: the same ' prefix; tab and CR are already written as \\t and \\r", async () => {
      expect((await list('tsv', { fields }, hostile)).out).toBe(
        'id\tname\tphone\towing\trefund\twho\n' + `1\t'=HYPERLINK("http://evil.example","click")\t'+1-416-555-0100\t'-12.50\t-12.5\t'@SUM(A1:A9)\n` + "2\t\\t=1+1\t\\r=2+2\t'=3+3\t0\t'- list\n",
      );
    });

    it('13.7 a single record in csv gets the same treatment, header included', async () => {
      const t = testIO();
      await renderItem(t.io, { '-x': '-x', n: -1 }, spec('csv'));
      expect(t.out()).toBe("'-x,n\n'-x,-1\n");
    });

    it('13.7 json and ndjson keep the values exactly as sent', async () => {
      expect(JSON.parse((await list('json', { fields }, hostile)).out)).toEqual(hostile);
      expect(
        (await list('ndjson', { fields }, hostile)).out
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ).toEqual(hostile);
    });
  });

  it('yaml: a sequence of the selected records', async () => {
    const { out } = await list('yaml', { fields: ['id', 'availability.status'] });
    expect(out).toBe('- id: "101"\n  availability:\n    status: AVAILABLE\n- id: "102"\n  availability:\n    status: WAIT_LIST\n');
  });

  it('yaml sanitises strings but keeps multi-line text', async () => {
    const { out } = await list('yaml', {}, [{ note: 'line 1\nline 2 \x1b[31mred\x1b[0m' }]);
    expect(out).toBe('- note: |-\n    line 1\n    line 2 red\n');
  });

  it('xml: records under <results>, unsafe characters as references', async () => {
    const { out } = await list('xml', { fields: ['id', 'availability.status'] });
    expect(out).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<results type="array">\n' +
        '  <item>\n    <id>101</id>\n    <availability>\n      <status>AVAILABLE</status>\n    </availability>\n  </item>\n' +
        '  <item>\n    <id>102</id>\n    <availability>\n      <status>WAIT_LIST</status>\n    </availability>\n  </item>\n' +
        '</results>\n',
    );
    expect((await list('xml', { fields: ['n'] }, [{ n: 'a\x1b[2Jb' }])).out).toContain('<n>a&#x1B;[2Jb</n>');
  });

  it('table: header, columns two spaces apart, no borders, no trailing spaces', async () => {
    const { out, err } = await list('table');
    expect(out).toBe(
      'ID   NAME                   STATUS\n' + //
        '101  Inca Trail             AVAILABLE\n' +
        '102  Amazon, "Deep" Jungle  WAIT_LIST\n',
    );
    expect(err).toBe('');
  });

  it('table with --fields: the dotted paths are the columns and headers', async () => {
    const { out } = await list('table', { fields: ['availability.status', 'price'] });
    expect(out).toBe('availability.status  price\nAVAILABLE            1299.5\nWAIT_LIST\n');
  });

  it('table: the widest column shrinks with … so the table fits the width', async () => {
    // Widths 3 + 21 + 9 plus two gaps need 37 columns; at 30 the name column gets 14.
    const { out } = await list('table', { width: 30 });
    expect(out).toBe(
      'ID   NAME            STATUS\n' + //
        '101  Inca Trail      AVAILABLE\n' +
        '102  Amazon, "Deep…  WAIT_LIST\n',
    );
    for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(30);
  });

  it('table: a wrap column breaks at spaces instead of cutting, and cutting columns get the room first', async () => {
    const t = testIO();
    const records = [{ id: 'C1', status: 'INCOMPLETE', missing: 'INCOMPLETE: MIDDLE_NAME, NATIONALITY, DATE_OF_BIRTH' }];
    const wrapped: Column[] = [{ field: 'id' }, { field: 'status' }, { field: 'missing', header: 'PASSPORT_INFORMATION', wrap: true }];
    // 2 + 10 + 20 (its longest word) plus two gaps: 36 columns; STATUS keeps all 10, MISSING wraps.
    await renderList(t.io, records, spec('table', { width: 36 }), { columns: wrapped });
    expect(t.out()).toBe(
      'ID  STATUS      PASSPORT_INFORMATION\n' + //
        'C1  INCOMPLETE  INCOMPLETE:\n' +
        '                MIDDLE_NAME,\n' +
        '                NATIONALITY,\n' +
        '                DATE_OF_BIRTH\n',
    );

    // Coloured, each line of a wrapped cell opens and closes its own colour.
    const coloured = testIO();
    const leading: Column = { ...wrapped[2], style: (text, _value, theme) => theme.status('INCOMPLETE') + text.slice('INCOMPLETE'.length) };
    await renderList(coloured.io, records, spec('table', { width: 36, color: true }), { columns: [wrapped[0], wrapped[1], leading] });
    expect(coloured.out().split('\n')[1]).toBe('C1  INCOMPLETE  \x1b[33mINCOMPLETE\x1b[39m:');

    // Too narrow for even the longest word: every column shrinks, and the wrap column breaks its
    // words too rather than cutting them: nothing of what people must read is lost.
    const narrow = testIO();
    await renderList(narrow.io, records, spec('table', { width: 24 }), { columns: wrapped });
    const lines = narrow.out().trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(24);
    expect(lines[0]).toBe('ID  STATUS      PASSPORT');
    expect(lines.map((line) => line.slice(16).replace(/ /g, '')).join('')).toBe('PASSPORT_INFORMATIONINCOMPLETE:MIDDLE_NAME,NATIONALITY,DATE_OF_BIRTH');
    expect(narrow.out()).not.toContain('…');
  });

  it('table: wide characters count double and are never cut in half', async () => {
    const t = testIO();
    await renderList(t.io, [{ city: '東京タワー', n: 1 }], spec('table', { width: 9 }), { columns: [{ field: 'city' }, { field: 'n' }] });
    // 9 columns minus the gap leave 7: "N" keeps 1, the city gets 6 = "東京" (4) + "…", padded by one space.
    expect(t.out()).toBe('CITY    N\n東京…   1\n');
  });

  it('table: maxWidth caps a column', async () => {
    const t = testIO();
    await renderList(t.io, departures, spec('table'), { columns: [{ field: 'name', maxWidth: 8 }] });
    expect(t.out()).toBe('NAME\nInca Tr…\nAmazon,…\n');
  });

  it('table: colour only when asked, and a cut keeps the colour codes balanced', async () => {
    expect((await list('table')).out).not.toContain('\x1b');
    const { out } = await list('table', { color: true });
    expect(out.split('\n')[0]).toBe('\x1b[1mID\x1b[22m   \x1b[1mNAME\x1b[22m                   \x1b[1mSTATUS\x1b[22m');
    expect(out.split('\n')[1]).toBe('101  Inca Trail             \x1b[32mAVAILABLE\x1b[39m');

    const t = testIO();
    const status: Column = { field: 'availability.status', maxWidth: 5, style: statusStyle };
    await renderList(t.io, departures.slice(0, 1), spec('table', { color: true }), { columns: [status] });
    expect(t.out().split('\n')[1]).toBe('\x1b[32mAVAI…\x1b[39m');
  });

  it('table: cell text is sanitised before it is formatted or coloured', async () => {
    const hostile = [{ id: '1\x1b[2J', name: '\x1b]8;;https://evil.example/\x07Click\x1b]8;;\x07 \u202eevil', availability: { status: 'A\nB' } }];
    const { out } = await list('table', {}, hostile);
    expect(out).toBe('ID  NAME              STATUS\n1   Click \\u202eevil  A B\n');
    expect(out).not.toContain('\x1b');
  });

  it('table: uses the column format for the cell text', async () => {
    const t = testIO();
    const price: Column = { field: 'price', header: 'FROM', format: (v) => (v === null ? '—' : `$${v}`) };
    await renderList(t.io, departures, spec('table'), { columns: [{ field: 'id' }, price] });
    expect(t.out()).toBe('ID   FROM\n101  $1299.5\n102  —\n');
  });

  it('an empty list: [] for json, header only for csv/tsv, a note on stderr for table, else nothing', async () => {
    const expected: Record<Format, [string, string]> = {
      json: ['[]\n', ''],
      ndjson: ['', ''],
      csv: ['id,name,availability.status\n', ''],
      tsv: ['id\tname\tavailability.status\n', ''],
      yaml: ['', ''],
      xml: ['', ''],
      table: ['', 'No departures match.\n'],
    };
    for (const format of FORMATS) {
      const { out, err, written } = await list(format, {}, []);
      expect([out, err], format).toEqual(expected[format]);
      expect(written).toBe(0);
    }
  });

  it('columns can come from the first record, once, for lists whose shape is not known in advance', async () => {
    const seen: unknown[] = [];
    const fromFirst = (first: unknown): Column[] => {
      seen.push(first);
      return first ? Object.keys(first).map((field) => ({ field })) : [];
    };
    for (const format of ['table', 'csv'] as const) {
      const t = testIO();
      await renderList(
        t.io,
        [
          { code: 'LIM', city: 'Lima' },
          { code: 'CUZ', city: 'Cusco' },
        ],
        spec(format),
        { columns: fromFirst },
      );
      expect(t.out()).toBe(format === 'table' ? 'CODE  CITY\nLIM   Lima\nCUZ   Cusco\n' : 'code,city\nLIM,Lima\nCUZ,Cusco\n');
    }
    expect(seen).toEqual([
      { code: 'LIM', city: 'Lima' },
      { code: 'LIM', city: 'Lima' },
    ]);

    const empty = testIO();
    await renderList(empty.io, [], spec('csv'), { columns: fromFirst });
    expect(seen).toHaveLength(3);
    expect(seen[2]).toBeUndefined();
    expect(empty.out()).toBe('');
  });

  it('accepts a plain iterable as well as an async one', async () => {
    const t = testIO();
    expect(await renderList(t.io, new Set([{ id: 1 }]), spec('ndjson'), { columns })).toBe(1);
    expect(t.out()).toBe('{"id":1}\n');
  });

  it('an unknown --fields entry is a usage error and nothing is written, in every format', async () => {
    for (const format of FORMATS) {
      const t = testIO();
      const rendering = renderList(t.io, departures, spec(format, { fields: ['id', 'nope'] }), { columns });
      await expect(rendering, format).rejects.toThrow(UsageError);
      await expect(rendering).rejects.toThrow('unknown field "nope" for --fields; valid fields: availability.status, id, name, price');
      expect(t.out(), format).toBe('');
    }
  });
});

describe('renderItem', () => {
  const departure = {
    id: '101',
    name: 'Inca Trail',
    availability: { status: 'AVAILABLE' },
    start_date: '2027-03-01',
    price: 1299.5,
    notes: null,
    description: 'Day 1: Cusco\nDay 2: \x1b[31mTrail\x1b[0m',
  };
  const sections: ItemOptions['sections'] = [
    {
      title: 'Services',
      columns: [{ field: 'id' }, { field: 'status', style: statusStyle }],
      records: [
        { id: 's1', status: 'Confirmed' },
        { id: 's22', status: 'Option' },
      ],
    },
    { title: 'Customers', columns: [{ field: 'id' }], records: [] },
  ];

  async function item(format: Format, more: Partial<OutputSpec> = {}, options: ItemOptions = {}) {
    const t = testIO();
    await renderItem(t.io, departure, spec(format, more), options);
    return t.out();
  }

  it('json: one pretty object; ndjson: one line', async () => {
    expect(await item('json')).toBe(JSON.stringify(departure, null, 2) + '\n');
    expect(await item('ndjson', { fields: ['id', 'availability.status'] })).toBe('{"id":"101","availability":{"status":"AVAILABLE"}}\n');
  });

  it('yaml: a mapping, sanitised', async () => {
    expect(await item('yaml', { fields: ['id', 'description'] })).toBe('id: "101"\ndescription: |-\n  Day 1: Cusco\n  Day 2: Trail\n');
  });

  it('xml: toXml of the record under the given root', async () => {
    expect(await item('xml', { fields: ['id'] }, { xmlRoot: 'departure' })).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<departure>\n  <id>101</id>\n</departure>\n');
    expect(await item('xml', { fields: ['id'] })).toContain('<response>');
  });

  it('csv/tsv: header and one row, of every scalar of the record by default (nested ones by their path)', async () => {
    expect(await item('csv')).toBe('id,name,availability.status,start_date,price,notes,description\n101,Inca Trail,AVAILABLE,2027-03-01,1299.5,,"Day 1: Cusco\nDay 2: Trail"\n');
    expect(await item('csv', {}, { rows: [{ field: 'availability', format: () => 'shown' }] })).toContain(',availability.status,');
    expect(await item('tsv', { fields: ['id', 'availability.status'] })).toBe('id\tavailability.status\n101\tAVAILABLE\n');
  });

  it('table: aligned label rows, multi-line values indented, then each section as a titled table', async () => {
    expect(await item('table', {}, { sections })).toBe(
      'ID           101\n' +
        'NAME         Inca Trail\n' +
        'START DATE   2027-03-01\n' +
        'PRICE        1299.5\n' +
        'NOTES\n' +
        'DESCRIPTION  Day 1: Cusco\n' +
        '             Day 2: Trail\n' +
        '\n' +
        'Services\n' +
        'ID   STATUS\n' +
        's1   Confirmed\n' +
        's22  Option\n' +
        '\n' +
        'Customers\n' +
        '(none)\n',
    );
  });

  it('table: rows chosen by the command, with their labels, formats and colours', async () => {
    const rows: Column[] = [
      { field: 'name', header: 'Name' },
      { field: 'availability.status', header: 'Availability', style: statusStyle },
      { field: 'price', header: 'From', format: (v) => `$${v}` },
    ];
    expect(await item('table', {}, { rows })).toBe('Name          Inca Trail\nAvailability  AVAILABLE\nFrom          $1299.5\n');
    expect(await item('table', { color: true }, { rows })).toBe(
      '\x1b[1mName\x1b[22m          Inca Trail\n\x1b[1mAvailability\x1b[22m  \x1b[32mAVAILABLE\x1b[39m\n\x1b[1mFrom\x1b[22m          $1299.5\n',
    );
  });

  it('table with --fields: only those values, labelled by path, no sections', async () => {
    expect(await item('table', { fields: ['id', 'availability.status'] }, { sections })).toBe('id                   101\navailability.status  AVAILABLE\n');
  });

  it('an unknown --fields entry is a usage error and nothing is written', async () => {
    const t = testIO();
    await expect(renderItem(t.io, departure, spec('json', { fields: ['nope'] }))).rejects.toThrow(/unknown field "nope" for --fields; valid fields: availability.status, description, id/);
    expect(t.out()).toBe('');
  });
});

describe('writeRaw', () => {
  it('writes the body with exactly one trailing newline, terminal-safe', () => {
    const t = testIO();
    writeRaw(t.io, '<a>x</a>');
    writeRaw(t.io, '<b>y</b>\n');
    writeRaw(t.io, '<c>\x1b]8;;http://e\x07z\u202e</c>');
    expect(t.out()).toBe('<a>x</a>\n<b>y</b>\n<c>&#x1B;]8;;http://e&#x07;z&#x202E;</c>\n');
  });
});
