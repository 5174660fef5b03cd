/**
 * Issue 20, `trek document get --save` on a full disk: the disk takes part of the file, then
 * answers ENOSPC (as test/cache makes a full disk: a writer that fails as the disk would, the
 * real one otherwise). Here the fault is one level down, in node:fs's write, so trek's own
 * atomic writer meets it: nothing half-written is left, and a file being replaced stays whole.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';

/** Writes to files opened under `folder` take half of what is asked once, then fail with ENOSPC. */
const disk = vi.hoisted(() => ({ folder: undefined as string | undefined, fds: new Set<number>(), wrote: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const openSync = ((path: import('node:fs').PathLike, ...rest: unknown[]) => {
    const fd = (actual.openSync as (...args: unknown[]) => number)(path, ...rest);
    if (disk.folder !== undefined && String(path).startsWith(disk.folder)) disk.fds.add(fd);
    return fd;
  }) as typeof actual.openSync;
  const writeSync = ((fd: number, buffer: Uint8Array, offset?: number | null, length?: number | null, ...rest: unknown[]) => {
    if (!disk.fds.has(fd)) return (actual.writeSync as (...args: unknown[]) => number)(fd, buffer, offset, length, ...rest);
    if (disk.wrote > 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const start = offset ?? 0;
    const half = Math.max(1, Math.floor((length ?? buffer.length - start) / 2));
    disk.wrote += (actual.writeSync as (...args: unknown[]) => number)(fd, buffer, start, half);
    return half;
  }) as typeof actual.writeSync;
  const mocked = { ...actual, openSync, writeSync };
  return { ...mocked, default: mocked };
});

const servers = useHostileServers();
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'trek-test-full-'));
  Object.assign(disk, { folder: dir, wrote: 0 });
  disk.fds.clear();
});
afterEach(() => {
  disk.folder = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const CONTENT = Buffer.from('%PDF-1.7\n' + 'x'.repeat(4096) + '\n%%EOF\n', 'latin1');

async function server() {
  return servers.start((req, res) => {
    if (req.url === '/documents/630001/') {
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: '630001',
          href: '/documents/630001/',
          type: 'INVOICE',
          audience: 'AGENT',
          mime_type: 'application/pdf',
          booking: { id: '200003' },
          date_created: '2027-01-10T15:00:00Z',
        }),
      );
    }
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(CONTENT.length) }).end(CONTENT);
  });
}

describe('trek document get --save on a full disk', () => {
  it('20 a full disk (ENOSPC) mid-write exits 2 naming the file and the error; no temp file is left and nothing half-written', async () => {
    const api = await server();
    const file = join(dir, 'invoice.pdf');
    const t = testFactory({ baseUrl: api.url, apiKey: 'k', env: { NO_COLOR: '1' } });
    expect(await main(['document', 'get', '630001', '--save', file], t.f)).toBe(2);
    expect(disk.wrote).toBeGreaterThan(0); // the disk did take part of it before it was full
    expect(t.err()).toBe(`error: cannot save to ${file} (ENOSPC: the disk refused the write); nothing was written\n`);
    expect(readdirSync(dir)).toEqual([]);
    // The content was fetched by the default path when the document names no content href.
    expect(api.requests.map((r) => r.url)).toEqual(['/documents/630001/', '/documents/630001/content']);
  });

  it('20 a full disk while replacing a file with --force leaves the old file whole', async () => {
    const api = await server();
    const file = join(dir, 'invoice.pdf');
    writeFileSync(file, 'last week’s invoice');
    disk.fds.clear();
    const t = testFactory({ baseUrl: api.url, apiKey: 'k', env: { NO_COLOR: '1' } });
    expect(await main(['document', 'get', '630001', '--save', file, '--force'], t.f)).toBe(2);
    expect(disk.wrote).toBeGreaterThan(0);
    expect(t.err()).toBe(`error: cannot save to ${file} (ENOSPC: the disk refused the write); nothing was written and any file there is as it was\n`);
    expect(readFileSync(file, 'utf8')).toBe('last week’s invoice');
    expect(readdirSync(dir)).toEqual(['invoice.pdf']);
  });
});
