/**
 * Issue 30, finding 6: a hostile or careless server that echoes the key it was sent. Whatever
 * trek prints of its answer — the error message, errors[].detail and value, data in -o json or a
 * table, headers with `trek api -i` — shows *** in its place, even when the key hides behind a
 * JSON escape. (`trek sandbox keys` still shows every key, the one in use included:
 * test/commands/sandbox/keys.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { testFactory } from '../helpers/factory.js';
import { useHostileServers } from '../helpers/hostile-server.js';

const KEY = 'echoed-key-5f3a9c0d1e2b';
/** The key with its first letter as a JSON escape: the text holds no copy of it, the parsed value does. */
const ESCAPED = `\\u${KEY.charCodeAt(0).toString(16).padStart(4, '0')}${KEY.slice(1)}`;
const servers = useHostileServers();

async function trekAgainst(status: number, body: string, args: string[]) {
  const server = await servers.start((_req, res) => void res.writeHead(status, { 'content-type': 'application/json', 'x-echo': `key=${KEY}` }).end(body));
  const t = testFactory({ baseUrl: server.url, apiKey: KEY });
  const code = await main(args, t.f);
  expect(server.requests[0]?.headers['x-application-key']).toBe(KEY); // the key was sent, and came back
  return { code, out: t.out(), err: t.err() };
}

describe('30 a key the server echoes back is never printed', () => {
  const error = `{"message":"Bad key ${KEY}","errors":[{"field":"key","detail":"key ${ESCAPED} refused","value":"${KEY}"}]}`;

  it.each([[[]], [['-o', 'json']]])('30 in an error (message, errors[].detail and value), output %j', async (output) => {
    const run = await trekAgainst(400, error, ['agency', 'get', '1', ...output]);
    expect(run.code).not.toBe(0);
    expect(run.err).toContain('Bad key ***');
    expect(`${run.out}${run.err}`).not.toContain(KEY);
  });

  it.each([[['-o', 'json']], [['-o', 'yaml']], [[]]])('30 in data, output %j', async (output) => {
    const agency = `{"id":"1","href":"/agencies/1","name":"Echo ${KEY}","note":"${ESCAPED}"}`;
    const run = await trekAgainst(200, agency, ['agency', 'get', '1', ...output]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('Echo ***');
    expect(`${run.out}${run.err}`).not.toContain(KEY);
  });

  it.each([
    ['the key as it is', `{"count":2,"results":[{"id":"1","name":"Echo ${KEY}"},{"id":"2","name":"plain"}],"links":[]}`],
    ['the key behind an escape', `{"count":2,"results":[{"id":"1","name":"Echo ${ESCAPED}"},{"id":"2","name":"plain"}],"links":[]}`],
  ])('31 in a listing read record by record (--all -o ndjson), %s', async (_name, page) => {
    const run = await trekAgainst(200, page, ['--no-cache', 'search', 'departures', '--all', '-o', 'ndjson']);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toBe('{"id":"1","name":"Echo ***"}\n{"id":"2","name":"plain"}\n');
  });

  it.each([[['-i']], [['-i', '--raw']]])('30 in headers and the body as sent (trek api %j)', async (flags) => {
    const run = await trekAgainst(200, `{"echo":"${KEY}"}`, ['api', 'GET', '/agencies/1', ...flags]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('key=***');
    expect(run.out).toContain('"echo":');
    expect(`${run.out}${run.err}`).not.toContain(KEY);
  });
});
