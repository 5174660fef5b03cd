// Durability soak (issue 13.9), not part of `npm test`: `trek sandbox serve --data F` takes 200
// concurrent POST /bookings/, is killed with SIGKILL part-way through, and is started again on
// the same file; every booking it answered 201 must be there. Repeated for 20 rounds on one
// data file (so the journal is also folded into new snapshots along the way). Prints a summary;
// exits 1 if any acknowledged booking was lost.
// Usage: node bench/soak-durability.mjs [rounds] [posts per round]   (builds dist/ first if missing)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.argv[2] ?? 20);
const postsPerRound = Number(process.argv[3] ?? 200);
if (!existsSync(join(root, 'dist/trek.cjs'))) execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });

const work = mkdtempSync(join(tmpdir(), 'trek-soak-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const dataFile = join(work, 'sandbox.json');
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TREK_')));
Object.assign(env, { TREK_HOME: join(work, 'home'), NO_COLOR: '1' });

/** `trek sandbox serve` on the data file; resolves with its URL and key once it printed them. */
function serve() {
  const child = spawn(process.execPath, [join(root, 'bin/trek'), 'sandbox', 'serve', '--port', '0', '--data', dataFile, '-o', 'json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
      const end = out.indexOf('\n');
      if (end >= 0) resolve(JSON.parse(out.slice(0, end)));
    });
    exited.then(({ code }) => reject(new Error(`trek sandbox serve exited (${code}) before it was ready: ${stderr}`)));
  });
  return ready.then(({ base_url: baseUrl, api_key: apiKey }) => ({ child, exited, baseUrl, apiKey }));
}

async function externalIds(server) {
  const ids = new Set();
  for (let next = '/bookings/?max_per_page=100'; next;) {
    const answer = await fetch(server.baseUrl + next, { headers: { 'x-application-key': server.apiKey } });
    if (answer.status !== 200) throw new Error(`GET ${next}: ${answer.status} ${await answer.text()}`);
    const page = await answer.json();
    for (const booking of page.results) ids.add(booking.external_id);
    next = page.links.find((link) => link.rel === 'next')?.href;
  }
  return ids;
}

const summary = [];
let lostTotal = 0;
const acknowledgedSoFar = [];
for (let round = 1; round <= rounds; round++) {
  const server = await serve();
  // Kill after a different number of answers each round (1 … posts-20), so the kill lands at varied points.
  const killAfter = 1 + ((round * 37) % Math.max(1, postsPerRound - 20));
  const acknowledged = [];
  let failed = 0;
  let killed;
  const killedNow = new Promise((resolve) => (killed = resolve));
  const posts = Array.from({ length: postsPerRound }, (_, i) => {
    const externalId = `r${round}-${i}`;
    return fetch(`${server.baseUrl}/bookings/`, {
      method: 'POST',
      headers: { 'x-application-key': server.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'CAD', external_id: externalId }),
    })
      .then(async (answer) => {
        await answer.text();
        if (answer.status === 201) acknowledged.push(externalId);
        else failed++;
        if (acknowledged.length === killAfter) killed();
      })
      .catch(() => failed++);
  });
  await Promise.race([killedNow, Promise.all(posts)]);
  server.child.kill('SIGKILL');
  await Promise.all([server.exited, ...posts]);
  acknowledgedSoFar.push(...acknowledged);

  const restarted = await serve();
  const present = await externalIds(restarted);
  restarted.child.kill('SIGTERM');
  const { code } = await restarted.exited;
  const lost = acknowledgedSoFar.filter((id) => !present.has(id));
  lostTotal += lost.length;
  summary.push({ round, acknowledged: acknowledged.length, unanswered: failed, lost: lost.length, cleanExit: code === 0 });
  if (lost.length > 0) console.error(`round ${round}: lost ${lost.length} acknowledged bookings, e.g. ${lost.slice(0, 5).join(', ')}`);
}

console.log(`durability soak: ${rounds} rounds of ${postsPerRound} concurrent POST /bookings/ to trek sandbox serve --data F, SIGKILL mid-stream, restart`);
console.log(`${'round'.padStart(5)} ${'answered 201'.padStart(13)} ${'unanswered'.padStart(11)} ${'lost'.padStart(5)}`);
for (const r of summary) console.log(`${String(r.round).padStart(5)} ${String(r.acknowledged).padStart(13)} ${String(r.unanswered).padStart(11)} ${String(r.lost).padStart(5)}`);
const answered = summary.reduce((sum, r) => sum + r.acknowledged, 0);
console.log(`acknowledged ${answered}, lost ${lostTotal}; data file ${statSync(dataFile).size} B, journal ${existsSync(`${dataFile}.journal`) ? statSync(`${dataFile}.journal`).size : 0} B`);
if (summary.some((r) => !r.cleanExit)) console.log('note: a restarted server did not exit 0 on SIGTERM');
console.log(lostTotal === 0 ? 'no acknowledged booking lost' : `LOST ${lostTotal} acknowledged bookings`);
process.exitCode = lostTotal === 0 && summary.every((r) => r.cleanExit) ? 0 : 1;
