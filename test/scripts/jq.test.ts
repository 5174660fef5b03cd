/**
 * Issue 18, "Scripts": `--jq EXPR` on every JSON-producing command, with jq's own semantics
 * (jq 1.8 in WebAssembly), implying -o json; an invalid program is exit 2 naming --jq and quoting
 * jq, before anything is sent; server text in the results is still made safe for a terminal.
 */
import { describe, expect, it } from 'vitest';
import { useTempHome } from '../helpers/factory.js';
import { useHostileServers } from '../helpers/hostile-server.js';
import { freshHome, runTrek } from '../e2e/trek-process.js';

const { trek } = useTempHome();
const servers = useHostileServers();
const SELECT_AVAILABLE = '.[] | select(.availability.status=="AVAILABLE") | .id';

interface Departure {
  id: string;
  availability: { status: string };
}

describe('18 --jq runs jq programs on JSON output', () => {
  for (const tty of [false, true]) {
    it(`18 a real jq program selects from the list the command would print (tty ${tty})`, async () => {
      const all = JSON.parse((await trek(['search', 'departures', '--limit', '20', '-o', 'json'])).out) as Departure[];
      const expected = all.filter((d) => d.availability.status === 'AVAILABLE').map((d) => d.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);

      const result = await trek(['search', 'departures', '--limit', '20', '--jq', SELECT_AVAILABLE], { tty });
      expect(result.code).toBe(0);
      // On a terminal, stderr may note that the list goes on; it never holds an error.
      if (tty) expect(result.err).not.toMatch(/error/);
      else expect(result.err).toBe('');
      // Strings print as text, one per line, as `gh --jq` and `jq -r` print them.
      expect(result.out).toBe(expected.map((id) => `${id}\n`).join(''));
    });
  }

  it('18 objects print on one line in a pipe and indented on a terminal', async () => {
    const program = '.[0] | {id, status: .availability.status}';
    const piped = await trek(['search', 'departures', '--limit', '2', '--jq', program]);
    const first = JSON.parse(piped.out) as { id: string; status: string };
    expect(piped.out).toBe(`{"id":"${first.id}","status":"${first.status}"}\n`);
    const shown = await trek(['search', 'departures', '--limit', '2', '--jq', program], { tty: true });
    expect(shown.out).toBe(`{\n  "id": "${first.id}",\n  "status": "${first.status}"\n}\n`);
  });

  it('18 with -o ndjson the program runs on each record', async () => {
    const all = JSON.parse((await trek(['search', 'departures', '--limit', '3', '-o', 'json'])).out) as Departure[];
    const result = await trek(['search', 'departures', '--limit', '3', '-o', 'ndjson', '--jq', '[.id, .availability.status]']);
    expect(result.code).toBe(0);
    expect(result.out).toBe(all.map((d) => `${JSON.stringify([d.id, d.availability.status])}\n`).join(''));
  });

  it('18 --jq on a write prints what the program takes from the created record', async () => {
    const result = await trek(['booking', 'create', '--currency', 'CAD', '--jq', '.currency + " " + .id']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^CAD \d+\n$/);
  });

  it("18 an invalid program is exit 2 naming --jq with jq's message, and nothing is sent", async () => {
    const server = await servers.silent();
    const result = await trek(['api', 'GET', '/departures', '--jq', '.[] | | .id'], { baseUrl: server.url, apiKey: 'k' });
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(server.requests).toHaveLength(0);
    expect(JSON.parse(result.err)).toEqual({
      error: {
        message: "--jq: jq: error: syntax error, unexpected '|' at <top-level>, line 1, column 7:\n    .[] | | .id\n          ^\njq: 1 compile error",
        code: 'usage',
        field: '--jq',
      },
      exit_code: 2,
    });
  });

  it('18 an invalid program on a write sends nothing: the booking is not created', async () => {
    const server = await servers.silent();
    const result = await trek(['booking', 'create', '--currency', 'CAD', '--jq', 'nosuchfunction(1)', '-o', 'table'], { baseUrl: server.url, apiKey: 'k' });
    expect(result.code).toBe(2);
    expect(server.requests).toHaveLength(0);
    expect(result.err).toBe('error: --jq filters JSON output; it does not go with -o table\nLeave -o out (--jq implies -o json), or use -o ndjson to run the program on each record.\n');

    const unknown = await trek(['booking', 'create', '--currency', 'CAD', '--jq', 'nosuchfunction(1)'], { baseUrl: server.url, apiKey: 'k' });
    expect(unknown.code).toBe(2);
    expect(server.requests).toHaveLength(0);
    expect(JSON.parse(unknown.err)).toMatchObject({ error: { message: expect.stringContaining('--jq: jq: error: nosuchfunction/1 is not defined'), field: '--jq' } });
  });

  it('18 a program that fails on the data is exit 2 quoting jq', async () => {
    const result = await trek(['search', 'departures', '--limit', '1', '--jq', '.[0].id.nope']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.err)).toMatchObject({ error: { message: '--jq: jq: error (at /dev/stdin:0): Cannot index string with string ("nope")', field: '--jq' }, exit_code: 2 });
  });

  it('18 server text picked by the program is still made safe for a terminal', async () => {
    const server = await servers.start((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: '1', name: 'Lisbon\u001b]0;owned\u0007 \u001b[2Jtour\u202e', notes: { text: 'a\u009bb' } }));
    });
    const result = await trek(['api', 'GET', '/departures/1', '--jq', '.name, .notes'], { baseUrl: server.url, apiKey: 'k', tty: true });
    expect(result.code).toBe(0);
    expect(result.out).toBe('Lisbon tour\\u202e\n{\n  "text": "a\\u009bb"\n}\n');
  });
});

describe('18 --jq from the built trek', () => {
  it('18 the bundle loads jq (and its jq.wasm) only for --jq and runs the program', async () => {
    const home = freshHome();
    const result = await runTrek(['search', 'departures', '--limit', '3', '--jq', '[.[] | .id] | length'], { TREK_HOME: home });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('3\n');
    expect(result.code).toBe(0);
  });
});
