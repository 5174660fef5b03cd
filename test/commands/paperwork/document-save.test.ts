/**
 * Issue 20, `trek document get --save`: the file is written whole or not at all, never over an
 * existing file without --force, never through a symbolic link, and only with content that is
 * what the document says it is. Each fault is made by a real node:http server answering as the
 * sandbox never would.
 */
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers, type HostileServer } from '../../helpers/hostile-server.js';

const servers = useHostileServers();
let dir: string;
let pdf: Buffer;

beforeAll(async () => {
  const document = await PDFDocument.create();
  document.addPage().drawText('Voucher 630001');
  pdf = Buffer.from(await document.save());
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trek-test-save-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const DOCUMENT = {
  id: '630001',
  href: '/documents/630001/',
  date_created: '2027-01-10T15:00:00Z',
  type: 'VOUCHER',
  audience: 'CUSTOMER',
  booking: { id: '200003', href: '/bookings/200003/' },
  mime_type: 'application/pdf',
  content: { href: '/documents/630001/content' },
};

/** The document's record, and its content as `content` answers. */
function documentServer(content: (req: IncomingMessage, res: ServerResponse) => void) {
  return servers.start((req, res) => {
    if (req.url === '/documents/630001/') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(DOCUMENT));
    if (req.url === '/documents/630001/content') return content(req, res);
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found.' }));
  });
}

const pdfAnswer = (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(pdf.length) }).end(pdf);

async function trek(server: HostileServer, args: string[], options: { tty?: boolean; env?: Record<string, string> } = {}) {
  const t = testFactory({ tty: options.tty, baseUrl: server.url, apiKey: 'k', env: { NO_COLOR: '1', ...options.env } });
  const code = await main(args, t.f);
  return { code, out: t.out(), err: t.err(), t };
}

const contentRequests = (server: HostileServer) => server.requests.filter((r) => r.url.endsWith('/content'));

describe('trek document get --save', () => {
  it('20 --save writes the PDF whole, readable by its owner alone, with no temp file left', async () => {
    const server = await documentServer(pdfAnswer);
    const file = join(dir, 'voucher.pdf');
    const t = await trek(server, ['document', 'get', '630001', '--save', file]);
    expect(t.code, t.err).toBe(0);
    expect(readFileSync(file).equals(pdf)).toBe(true);
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['voucher.pdf']);
    expect(contentRequests(server)[0].headers.accept).toBe('application/pdf');
  });

  it('20 --save onto an existing file exits 2 before asking the API anything and leaves the file untouched; --force replaces it', async () => {
    const server = await documentServer(pdfAnswer);
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, 'the invoice saved last week');
    const t = await trek(server, ['document', 'get', '630001', '--save', file]);
    expect(t.code).toBe(2);
    expect(t.err).toBe(`error: ${file} already exists (a file); nothing was written\n--force replaces it (a symbolic link is replaced itself, never written through), or choose another name.\n`);
    expect(server.requests).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('the invoice saved last week');

    const forced = await trek(server, ['document', 'get', '630001', '--save', file, '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(readFileSync(file).equals(pdf)).toBe(true);
  });

  it('20 --save into a missing folder exits 2 before any request and creates nothing', async () => {
    const server = await documentServer(pdfAnswer);
    const file = join(dir, 'no', 'such', 'folder', 'voucher.pdf');
    const t = await trek(server, ['document', 'get', '630001', '--save', file, '-o', 'json']);
    expect(t.code).toBe(2);
    expect(JSON.parse(t.err)).toMatchObject({
      error: { code: 'usage', field: '--save', message: `cannot save to ${file}: the folder ${join(dir, 'no', 'such', 'folder')} does not exist` },
      exit_code: 2,
    });
    expect(server.requests).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('20 --save onto a symbolic link: refused without --force (the link and its target untouched); with --force the link itself is replaced, never written through', async () => {
    const server = await documentServer(pdfAnswer);
    const target = join(dir, 'precious.txt');
    writeFileSync(target, 'precious');
    const link = join(dir, 'voucher.pdf');
    symlinkSync(target, link);
    const refused = await trek(server, ['document', 'get', '630001', '--save', link]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`error: ${link} already exists (a symbolic link); nothing was written\n`);
    expect(readlinkSync(link)).toBe(target);
    expect(server.requests).toEqual([]);

    const forced = await trek(server, ['document', 'get', '630001', '--save', link, '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(false);
    expect(readFileSync(link).equals(pdf)).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('precious');
  });

  it('20 --save onto a folder exits 2 before any request', async () => {
    const server = await documentServer(pdfAnswer);
    const t = await trek(server, ['document', 'get', '630001', '--save', dir]);
    expect(t.code).toBe(2);
    expect(t.err).toMatch(/^error: --save .* is a folder; give the file to write in it/);
    expect(server.requests).toEqual([]);
  });

  it('20 a file that appears while the document is fetched is kept: without --force exit 2, nothing written, no temp file left', async () => {
    const file = join(dir, 'late.pdf');
    // Another program saves the file after trek looked (the name was free) and before it writes.
    const server = await documentServer((req, res) => {
      writeFileSync(file, 'arrived first');
      pdfAnswer(req, res);
    });
    const t = await trek(server, ['document', 'get', '630001', '--save', file]);
    expect(t.code).toBe(2);
    expect(t.err).toBe(`error: ${file} appeared while the document was fetched; nothing was written\n--force replaces it.\n`);
    expect(readFileSync(file, 'utf8')).toBe('arrived first');
    expect(readdirSync(dir)).toEqual(['late.pdf']);
  });

  it('20 a server answering the wrong content type exits 7, names both types and writes nothing', async () => {
    for (const type of ['text/html; charset=utf-8', 'application/octet-stream']) {
      const server = await documentServer((_req, res) => void res.writeHead(200, { 'content-type': type }).end('<html><body>Sign in to continue</body></html>'));
      const file = join(dir, 'voucher.pdf');
      const t = await trek(server, ['document', 'get', '630001', '--save', file]);
      expect(t.code).toBe(7);
      expect(t.err).toBe(`error: the content of document 630001 from GET ${server.url}/documents/630001/content is ${type.split(';')[0]}, not the document's application/pdf; nothing was written\n`);
      expect(existsSync(file)).toBe(false);
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it('20 a PDF answer that is not a PDF, or is empty, exits 7 and writes nothing', async () => {
    for (const [body, problem] of [
      ['MZ\x90\x00 not a pdf', 'does not start as a PDF does (%PDF-)'],
      ['', 'is empty'],
    ] as const) {
      const server = await documentServer((_req, res) => void res.writeHead(200, { 'content-type': 'application/pdf' }).end(body));
      const file = join(dir, 'voucher.pdf');
      const t = await trek(server, ['document', 'get', '630001', '--save', file]);
      expect(t.code).toBe(7);
      expect(t.err).toContain(`${problem}; nothing was written\n`);
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it('20 a huge body is refused past the body limit (TREK_MAX_BODY), declared or streamed, with exit 7 and nothing written', async () => {
    const declared = await documentServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(10 * 1024 ** 3) });
      res.write(pdf);
    });
    const file = join(dir, 'voucher.pdf');
    const big = await trek(declared, ['document', 'get', '630001', '--save', file]);
    expect(big.code).toBe(7);
    expect(big.err).toContain(
      `error: the response body of GET ${declared.url}/documents/630001/content is larger than trek's 64 MiB limit; to accept it, raise the limit with TREK_MAX_BODY (e.g. TREK_MAX_BODY=256MiB)`,
    );

    // No length given: the stream is cut as soon as it passes the limit (1 MiB here).
    const streamed = await documentServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      const chunk = Buffer.alloc(64 * 1024, 37);
      for (let sent = 0; sent < 4 * 1024 * 1024; sent += chunk.length) res.write(chunk);
      res.end();
    });
    const cut = await trek(streamed, ['document', 'get', '630001', '--save', file], { env: { TREK_MAX_BODY: '1MiB' } });
    expect(cut.code).toBe(7);
    expect(cut.err).toContain("is larger than trek's 1 MiB limit");
    expect(readdirSync(dir)).toEqual([]);
  });

  it('20 --save - to a terminal is refused without --force, before any request; in a pipe the bytes go to stdout as they came', async () => {
    const server = await documentServer(pdfAnswer);
    const refused = await trek(server, ['document', 'get', '630001', '--save', '-'], { tty: true });
    expect(refused.code).toBe(2);
    expect(refused.err).toBe(
      'error: refusing to write the document to a terminal: its content is a file (a PDF), not text\n' +
        'Send it to a file (--save FILE) or a pipe (--save - | lpr); --force writes it to the terminal anyway.\n',
    );
    expect(server.requests).toEqual([]);

    const t = testFactory({ baseUrl: server.url, apiKey: 'k', env: { NO_COLOR: '1' } });
    const chunks: Buffer[] = [];
    t.io.out = { write: (chunk) => chunks.push(Buffer.from(chunk)) };
    expect(await main(['document', 'get', '630001', '--save', '-'], t.f)).toBe(0);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
    expect(t.err()).toBe('');
  });

  it("20 without --save, document get shows the document's details and saves nothing", async () => {
    const server = await documentServer(pdfAnswer);
    const t = await trek(server, ['document', 'get', '630001'], { tty: true });
    expect(t.code).toBe(0);
    expect(t.out).toMatch(/^ID +630001\nTYPE +VOUCHER\nAUDIENCE +CUSTOMER\n/);
    expect(t.out).toMatch(/\nMEDIA TYPE +application\/pdf\n/);
    expect(t.err).toBe('Save its content: trek document get 630001 --save FILE\n');
    expect(contentRequests(server)).toEqual([]);
  });
});
