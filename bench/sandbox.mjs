// Sandbox throughput benchmark: requests/s of the sandbox as a ratio to a bare node:http
// server answering a fixed JSON body of the same size, measured in the same run with the
// same client (undici Pool, keep-alive, concurrent). Each server runs in its own worker
// thread so the client does not share its event loop. Target (issue 3): ratio ≥ 0.5.
// Writes (issue 13.9): POST /bookings/ to a sandbox with a state file (each answer waits for
// its journal line's fsync) as a ratio to the same sandbox in memory (--memory). Target ≥ 0.5.
// Usage: node bench/sandbox.mjs [requests]   (builds dist/ first if missing)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';

const root = fileURLToPath(new URL('..', import.meta.url));
const requests = Number(process.argv[2] ?? 20_000);
const SIZE = 10_000;
const CONCURRENCY = 32;
const TARGET = 0.5;
if (!existsSync(join(root, 'dist/sandbox.cjs'))) execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });

/** Runs in a worker: either the sandbox or a bare server with a fixed body. */
const serverSource = `
  import { parentPort, workerData } from 'node:worker_threads';
  import { createServer } from 'node:http';
  if (workerData.kind === 'sandbox') {
    const { startSandbox } = await import(workerData.module);
    const sandbox = await startSandbox({ size: workerData.size, dataFile: workerData.dataFile });
    parentPort.postMessage({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
  } else {
    const body = Buffer.from(workerData.body);
    const server = createServer({ keepAlive: true }, (req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage({ baseUrl: 'http://127.0.0.1:' + server.address().port }));
  }
`;

function startServer(workerData) {
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(serverSource)}`), { workerData });
  return new Promise((resolve, reject) => {
    worker.once('message', (info) => resolve({ ...info, worker }));
    worker.once('error', reject);
  });
}

/** Sends `count` requests (paths from `pathAt(i)`, GET unless `body` is given) with CONCURRENCY in flight; returns req/s. */
async function measure(baseUrl, apiKey, pathAt, count, { body, expected = 200 } = {}) {
  const pool = new Pool(baseUrl, { connections: CONCURRENCY, pipelining: 1 });
  const headers = { 'x-application-key': apiKey, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) };
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const { statusCode, body: answer } = await pool.request({ method: body ? 'POST' : 'GET', path: pathAt(i), headers, body: body?.(i) });
      await answer.text();
      if (statusCode !== expected) failures++;
    }
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await pool.close();
  if (failures > 0) throw new Error(`${failures} of ${count} requests to ${baseUrl} failed`);
  return count / seconds;
}

const sandbox = await startServer({ kind: 'sandbox', module: new URL('../dist/sandbox.cjs', import.meta.url).href, size: SIZE });
const filtered = '/departures/?availability.status=AVAILABLE&max_per_page=50';
const firstPage = await (await fetch(sandbox.baseUrl + filtered, { headers: { 'x-application-key': sandbox.apiKey } })).json();
const pages = Math.ceil(firstPage.count / 50);

const cases = [
  { name: 'GET /departures/<id>', path: (i) => `/departures/${100_001 + (i % SIZE)}/`, sample: '/departures/100001/', target: true },
  { name: 'filtered page of 50', path: (i) => `${filtered}&page=${1 + (i % pages)}`, sample: filtered, target: true },
  // A different query each time: never served from the search memo. Informational.
  {
    name: 'uncached search (info)',
    path: (i) => `/departures/?start_date__gte=${new Date(Date.UTC(2027, 0, 1) + (i % 700) * 86_400_000).toISOString().slice(0, 10)}&max_per_page=50`,
    sample: filtered,
    target: false,
  },
];

const rows = [];
for (const c of cases) {
  const body = await (await fetch(sandbox.baseUrl + c.sample, { headers: { 'x-application-key': sandbox.apiKey } })).text();
  const bare = await startServer({ kind: 'bare', body });
  const count = c.target ? requests : Math.max(1000, Math.floor(requests / 10));
  // Warm both (JIT, caches, connections), then measure.
  await measure(sandbox.baseUrl, sandbox.apiKey, c.path, Math.min(2000, count));
  await measure(bare.baseUrl, 'k', c.path, Math.min(2000, count));
  const sandboxRate = await measure(sandbox.baseUrl, sandbox.apiKey, c.path, count);
  const bareRate = await measure(bare.baseUrl, 'k', c.path, count);
  await bare.worker.terminate();
  rows.push({ ...c, bytes: Buffer.byteLength(body), sandboxRate, bareRate, ratio: sandboxRate / bareRate });
}
await sandbox.worker.terminate();

// Writes: the same sandbox with a state file and in memory, POSTing bookings in turns.
const stateDir = mkdtempSync(join(tmpdir(), 'trek-bench-sandbox-'));
process.on('exit', () => rmSync(stateDir, { recursive: true, force: true }));
const module = new URL('../dist/sandbox.cjs', import.meta.url).href;
const persisted = await startServer({ kind: 'sandbox', module, size: SIZE, dataFile: join(stateDir, 'state.json') });
const inMemory = await startServer({ kind: 'sandbox', module, size: SIZE });
const posts = Math.max(1000, Math.floor(requests / 4));
const post = { expected: 201, body: (i) => JSON.stringify({ currency: 'CAD', external_id: `bench-${i}` }) };
const toBookings = () => '/bookings/';
await measure(persisted.baseUrl, persisted.apiKey, toBookings, Math.min(2000, posts), post);
await measure(inMemory.baseUrl, inMemory.apiKey, toBookings, Math.min(2000, posts), post);
const writes = { name: 'POST /bookings/', fileRate: 0, memoryRate: 0 };
for (let round = 0; round < 2; round++) {
  writes.fileRate += (await measure(persisted.baseUrl, persisted.apiKey, toBookings, posts / 2, post)) / 2;
  writes.memoryRate += (await measure(inMemory.baseUrl, inMemory.apiKey, toBookings, posts / 2, post)) / 2;
}
writes.ratio = writes.fileRate / writes.memoryRate;
await persisted.worker.terminate();
await inMemory.worker.terminate();

console.log(`sandbox of ${SIZE} departures, ${requests} requests per case, ${CONCURRENCY} concurrent keep-alive connections`);
console.log(`${'case'.padEnd(24)} ${'body'.padStart(8)} ${'sandbox req/s'.padStart(14)} ${'bare req/s'.padStart(11)} ${'ratio'.padStart(6)}`);
for (const r of rows) {
  console.log(`${r.name.padEnd(24)} ${`${r.bytes} B`.padStart(8)} ${r.sandboxRate.toFixed(0).padStart(14)} ${r.bareRate.toFixed(0).padStart(11)} ${r.ratio.toFixed(2).padStart(6)}`);
}
console.log(`writes, ${posts} per store: a state file (journal, fsync before each answer) as a ratio to --memory`);
console.log(`${'case'.padEnd(24)} ${'file req/s'.padStart(23)} ${'memory req/s'.padStart(12)} ${'ratio'.padStart(6)}`);
console.log(`${writes.name.padEnd(24)} ${writes.fileRate.toFixed(0).padStart(23)} ${writes.memoryRate.toFixed(0).padStart(12)} ${writes.ratio.toFixed(2).padStart(6)}`);
const ok = rows.filter((r) => r.target).every((r) => r.ratio >= TARGET) && writes.ratio >= TARGET;
console.log(ok ? `target met: ratio ≥ ${TARGET} for the detail, the filtered page and writes with a state file` : `target missed: ratio < ${TARGET}`);
