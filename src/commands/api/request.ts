// fs.promises is read where a file is sent: importing node:fs/promises loads it for every command.
import { promises as fs } from 'node:fs';
import { Command } from 'commander';
import type { ApiClient, ApiResponse, RequestOptions } from '../../api/client.js';
import type { ListEnvelope } from '../../api/paginate.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import type { Column, OutputSpec } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { collect, examples, readAll } from '../flags.js';
import { outputSpec } from '../output-spec.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

export interface ApiOptions {
  io: IOStreams;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  method: string;
  path: string;
  /** -f (string) then -F (typed) fields: the JSON body, or query parameters for GET/HEAD/DELETE. */
  fields: Array<[string, unknown]>;
  input?: { body: string; contentType: string };
  headers: Record<string, string>;
  include: boolean;
  paginate: boolean;
  raw: boolean;
  dryRun: boolean;
}

export function newApiCmd(f: Factory, runF: (opts: ApiOptions) => Promise<void> = apiRun): Command {
  return new Command('api')
    .description(
      'Send any request to the API, the escape hatch for what no other command covers.\nPaths may be relative (/departures) or an href from a response. Lists print their results; --paginate follows every next link.',
    )
    .argument('<method>', `HTTP method: ${METHODS.join(', ')}`)
    .argument('<path>', 'path or href, e.g. /bookings/123 or /departures?availability.status=AVAILABLE')
    .option('-F, --field <key=value>', 'add a typed field: true, false, null and numbers become JSON values, @FILE reads the value from FILE (@- from stdin)', collect, [])
    .option('-f, --raw-field <key=value>', 'add a string field, sent exactly as written (an @ is just an @)', collect, [])
    .option('--input <file>', 'send the contents of FILE (or - for stdin) as the body, JSON or XML')
    .option('-H, --header <name:value>', 'add a request header', collect, [])
    .option('-i, --include', 'print the response status line and headers before the body')
    .option('--paginate', 'fetch every page of a list, streaming the results')
    .option('--raw', 'print the response body exactly as sent')
    .option('--dry-run', 'print the request that would be sent (key redacted) and send nothing')
    .addHelpText(
      'after',
      '\nFields (as in gh api): -F is typed and reads @FILE, -f is always a string and never reads a file.\n' +
        'a.b=… nests, a[]=… appends to a list. For GET, HEAD and DELETE, fields are query parameters.\n' +
        'Field names may not contain __proto__, constructor or prototype.',
    )
    .addHelpText(
      'after',
      examples([
        'trek api GET /departures -f availability.status=AVAILABLE -F max_per_page=10',
        'trek api GET /departures --paginate -o ndjson | jq -r .id',
        'trek api POST /bookings/ -f currency=CAD -f external_id=007 -F no_auto_final_payment=true',
        'trek api POST /customers/ -f name=Ada -F notes=@notes.txt',
        'trek api PATCH /bookings/123/ --input patch.json',
        'trek api GET /bookings/123 -H "Accept: application/xml" --raw',
        'trek api DELETE /overrides/9/ --dry-run',
      ]),
    )
    .action(async (method: string, path: string, flags: Record<string, unknown>) => {
      const upper = method.toUpperCase();
      if (!(METHODS as readonly string[]).includes(upper)) throw new UsageError(`unknown method "${method}"; use one of: ${METHODS.join(', ')}`);
      const fields = await parseFields(flags.rawField as string[], flags.field as string[], f.io);
      const input = flags.input === undefined ? undefined : await readInput(flags.input as string, f.io);
      if (input && fields.length > 0 && !sendsQuery(upper)) {
        throw new UsageError('use either --input or -f/-F fields for the body, not both');
      }
      if (flags.paginate && upper !== 'GET') throw new UsageError('--paginate works with GET only');
      await runF({
        io: f.io,
        api: () => f.api(),
        output: await outputSpec(f),
        method: upper,
        path,
        fields,
        input,
        headers: parseHeaders(flags.header as string[]),
        include: Boolean(flags.include),
        paginate: Boolean(flags.paginate),
        raw: Boolean(flags.raw),
        dryRun: Boolean(flags.dryRun),
      });
    });
}

export async function apiRun(opts: ApiOptions): Promise<void> {
  const client = await opts.api();
  const request = buildRequest(opts);
  if (opts.dryRun) {
    opts.io.out.write(`${client.describe(request)}\n`);
    return;
  }
  if (opts.paginate) return streamPages(opts, client, request);
  const response = await client.request(request);
  if (opts.include) writeHead(opts.io, response);
  await printBody(opts, response);
}

function sendsQuery(method: string): boolean {
  return ['GET', 'HEAD', 'DELETE'].includes(method);
}

function buildRequest(opts: ApiOptions): RequestOptions {
  const request: RequestOptions = { method: opts.method, path: opts.path, headers: opts.headers };
  if (opts.input) {
    request.rawBody = opts.input.body;
    request.contentType = opts.headers['content-type'] ?? opts.input.contentType;
  }
  if (sendsQuery(opts.method)) {
    // Query parameter names keep their dots (availability.status); `name[]` repeats a parameter.
    request.query = opts.fields.map(([key, value]): [string, string] => [
      key.replace(/\[\]$/, ''),
      value === null ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean),
    ]);
  } else if (!opts.input && opts.fields.length > 0) {
    const body = Object.create(null) as Record<string, unknown>;
    for (const [key, value] of opts.fields) assign(body, key, value);
    request.body = body;
  }
  return request;
}

async function streamPages(opts: ApiOptions, client: ApiClient, request: RequestOptions): Promise<void> {
  const [{ pages }, { renderList, writeRaw }] = await Promise.all([import('../../api/paginate.js'), import('../../output/render.js')]);
  const pageIterator = pages<unknown>(client, request.path, request.query, { all: true, ahead: true });
  if (opts.raw || opts.output.format === 'xml') {
    for await (const page of pageIterator) writeRaw(opts.io, page.response.raw);
    return;
  }
  let first = true;
  async function* results(): AsyncGenerator<unknown> {
    for await (const page of pageIterator) {
      if (first && opts.include) writeHead(opts.io, page.response);
      first = false;
      yield* page.envelope.results;
    }
  }
  await renderList(opts.io, results(), opts.output, { columns: inferColumns });
}

async function printBody(opts: ApiOptions, response: ApiResponse): Promise<void> {
  if (response.raw === '') return;
  // The renderers load when there is something to print: root help builds this command too.
  const { renderItem, renderList, writeRaw } = await import('../../output/render.js');
  if (opts.raw || opts.output.format === 'xml' || response.data === undefined) {
    writeRaw(opts.io, response.raw);
    return;
  }
  const data = response.data;
  if (isEnvelope(data)) {
    await renderList(opts.io, data.results, opts.output, { columns: inferColumns });
    return;
  }
  await renderItem(opts.io, data, opts.output);
}

/** Status line and headers for -i. Header names and values are server text: sanitised like bodies. */
function writeHead(io: IOStreams, response: ApiResponse): void {
  const lines = [`HTTP ${response.status} ${response.statusText}`, ...Object.entries(response.headers).map(([k, v]) => `${sanitize(k)}: ${sanitize(v)}`)];
  io.out.write(`${lines.join('\n')}\n\n`);
}

function isEnvelope(data: unknown): data is ListEnvelope<unknown> {
  return typeof data === 'object' && data !== null && Array.isArray((data as ListEnvelope<unknown>).results) && Array.isArray((data as ListEnvelope<unknown>).links);
}

/** Table columns for an unknown resource: its top-level scalar members, at most eight. */
function inferColumns(first: unknown): Column[] {
  if (typeof first !== 'object' || first === null) return [{ field: 'value', format: (_v, record) => String(record) }];
  return Object.entries(first)
    .filter(([key, value]) => key !== 'href' && (value === null || typeof value !== 'object'))
    .slice(0, 8)
    .map(([field]) => ({ field }));
}

function parseHeaders(values: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    if (colon <= 0) throw new UsageError(`-H expects "Name: value", got "${value}"`);
    headers[value.slice(0, colon).trim().toLowerCase()] = value.slice(colon + 1).trim();
  }
  return headers;
}

async function readInput(source: string, io: IOStreams): Promise<{ body: string; contentType: string }> {
  let body: string;
  try {
    body = source === '-' ? await readAll(io.in) : await fs.readFile(source, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --input ${source}: ${(error as Error).message}`);
  }
  return { body, contentType: body.trimStart().startsWith('<') ? 'application/xml' : 'application/json' };
}

/** Names that would reach an object's prototype rather than a field of the body. */
const PROTOTYPE_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/** -f values stay strings; -F values are typed and may come from a file (gh api's rules). */
async function parseFields(raw: string[], typed: string[], io: IOStreams): Promise<Array<[string, unknown]>> {
  const result: Array<[string, unknown]> = [];
  const entries = [...raw.map((v) => ['-f', v] as const), ...typed.map((v) => ['-F', v] as const)];
  for (const [flag, entry] of entries) {
    const eq = entry.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} expects key=value, got "${entry}"`);
    const key = entry.slice(0, eq);
    const segments = key.replace(/\[\]$/, '').split('.');
    if (segments.some((part) => part === '')) throw new UsageError(`${flag} has an empty name in "${key}"`);
    const forbidden = segments.find((part) => PROTOTYPE_SEGMENTS.has(part));
    if (forbidden !== undefined) throw new UsageError(`${flag} ${key}: "${forbidden}" cannot be a field name`);
    const text = entry.slice(eq + 1);
    result.push([key, flag === '-f' ? text : await typedValue(text, io)]);
  }
  return result;
}

async function typedValue(text: string, io: IOStreams): Promise<unknown> {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(text)) return Number(text);
  if (text.startsWith('@')) {
    const file = text.slice(1);
    try {
      return file === '-' ? await readAll(io.in) : await fs.readFile(file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read -F ${text}: ${(error as Error).message}`);
    }
  }
  return text;
}

/** Body fields: dotted keys nest, `key[]` appends to an array. */
function assign(target: Record<string, unknown>, key: string, value: unknown): void {
  const append = key.endsWith('[]');
  const parts = (append ? key.slice(0, -2) : key).split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next !== undefined && (typeof next !== 'object' || next === null || Array.isArray(next))) throw new UsageError(`field ${key}: "${part}" is already a value`);
    node = (node[part] ??= Object.create(null)) as Record<string, unknown>;
  }
  const last = parts[parts.length - 1];
  if (append) {
    const list = (node[last] ??= []) as unknown;
    if (!Array.isArray(list)) throw new UsageError(`field ${key}: "${last}" is already a value`);
    list.push(value);
  } else {
    node[last] = value;
  }
}
