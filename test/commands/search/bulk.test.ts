/**
 * Issue 31: a bulk listing (`--all -o ndjson`) reads each page record by record. A plain record
 * (compact, printable ASCII and letters such as é or ø) is printed as the server sent it; any
 * other is parsed and printed as JSON.stringify writes it, sanitised; both read the same to a
 * JSON reader.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';

const servers = useHostileServers();

/** Serves `pages` in turn, each linking to the next. */
async function pagesServer(pages: string[][]) {
  return servers.start((req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
    const links = page < pages.length ? `[{"rel":"next","href":"/departures?page=${page + 1}"}]` : '[]';
    res.writeHead(200, { 'content-type': 'application/json' }).end(`{"count":${pages.flat().length},"current_page":${page},"results":[${pages[page - 1].join(',')}],"links":${links}}`);
  });
}

async function trek(server: { url: string }, args: string[]) {
  const t = testFactory({ baseUrl: server.url, apiKey: 'bulk-test-key-0123' });
  const code = await main(['--no-cache', 'search', 'departures', ...args], t.f);
  return { code, out: t.out(), err: t.err() };
}

describe('31 --all -o ndjson reads each page record by record', () => {
  it('prints plain records as sent and the others re-written and sanitised, one line each, in order', async () => {
    const hostile = '{"id":"2","name":"Caf\u00e9 \u009b31m\u202e"}';
    const spaced = '{ "id": "3", "n": 1.50 }';
    const server = await pagesServer([
      ['{"id":"1","n":12,"ok":true,"none":null}', hostile],
      [spaced, '{"id":"4","list":[1,{"a":[]}]}', '{"id":"5","name":"San José","port":"Tromsø"}'],
    ]);
    const run = await trek(server, ['--all', '-o', 'ndjson']);
    expect(run.code, run.err).toBe(0);
    expect(run.out.split('\n')).toEqual([
      '{"id":"1","n":12,"ok":true,"none":null}',
      '{"id":"2","name":"Café \\u009b31m\\u202e"}',
      '{"id":"3","n":1.5}',
      '{"id":"4","list":[1,{"a":[]}]}',
      '{"id":"5","name":"San José","port":"Tromsø"}',
      '',
    ]);
    // The same records as a JSON document, which parses every one.
    const json = await trek(server, ['--all', '-o', 'json']);
    expect(
      run.out
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(JSON.parse(json.out));
  });

  it('a record that does not parse ends the listing after the records before it, as a protocol error naming it', async () => {
    const server = await pagesServer([['{"id":"1"}'], ['{"id":"2"}', '{"id":tru}', '{"id":"4"}']]);
    const run = await trek(server, ['--all', '-o', 'ndjson']);
    expect(run.code).toBe(7); // an unusable answer
    expect(run.out).toBe('{"id":"1"}\n{"id":"2"}\n');
    expect(run.err).toContain(`malformed JSON in the response body (result 2: `);
  });

  it('--fields, --jq and a date range parse every record: nothing is printed as sent', async () => {
    const server = await pagesServer([['{"id":"1","start_date":"2027-06-01","x":1}', '{"id":"2","start_date":"2027-07-01","x":2}']]);
    expect((await trek(server, ['--all', '-o', 'ndjson', '--fields', 'id'])).out).toBe('{"id":"1"}\n{"id":"2"}\n');
    expect((await trek(server, ['--all', '-o', 'ndjson', '--jq', '.x'])).out).toBe('1\n2\n');
    expect((await trek(server, ['--from', '2027-06-01', '--to', '2027-06-30', '-o', 'ndjson'])).out).toBe('{"id":"1","start_date":"2027-06-01","x":1}\n');
  });

  it('on a terminal, under the progress line, each line printed as sent is still reported written, so its page can be given back', async () => {
    const server = await pagesServer([['{"id":"1"}', '{"id":"2"}'], ['{"id":"3"}']]);
    const t = testFactory({ baseUrl: server.url, apiKey: 'bulk-test-key-0123', tty: true });
    let out = '';
    let unreported = 0;
    t.io.out = {
      write: (chunk: string | Uint8Array, callback?: (error?: Error | null) => void) => {
        out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
        if (typeof chunk !== 'string') {
          if (callback) callback();
          else unreported++;
        }
        return true;
      },
    };
    expect(await main(['--no-cache', 'search', 'departures', '--all', '-o', 'ndjson'], t.f), t.err()).toBe(0);
    expect(out).toBe('{"id":"1"}\n{"id":"2"}\n{"id":"3"}\n');
    expect(t.err()).toContain('fetched 3');
    expect(unreported).toBe(0);
  });
});
