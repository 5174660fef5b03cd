// Group import benchmark (issue 21): `trek group import` of a 1 000-row manifest (journal, fsync,
// 4 creations at a time, then the departure service) as a ratio to 1 000 sequential `curl` POSTs
// of the same customers, against one sandbox on port 0 in this process, measured in the same run.
// Target: ratio ≤ 0.3.
// Usage: node bench/group.mjs [rows]   (builds dist/ first if missing; needs curl)
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bin, cleanEnv, ensureBuilt, tempHome } from './harness.mjs';

const run = promisify(execFile);
const rows = Number(process.argv[2] ?? 1000);
const TARGET = 0.3;
ensureBuilt();
const { startSandbox } = await import('../dist/sandbox.cjs');
const sandbox = await startSandbox({ port: 0 });
const home = tempHome();

// Room on the departure for the group (the showcase's 500 would refuse 1 000).
await fetch(new URL('/_sandbox/departures/100001/availability', sandbox.baseUrl), {
  method: 'POST',
  headers: { 'X-Sandbox-Operator-Key': sandbox.operatorKey, 'Content-Type': 'application/json' },
  body: JSON.stringify({ spaces_remaining: 10_000 }),
});

const person = (i, tag) => ({
  name: { title: i % 2 ? 'Mr' : 'Ms', legal_first_name: `Traveller${i}`, legal_last_name: `${tag}${i}` },
  date_of_birth: `19${50 + (i % 50)}-0${(i % 9) + 1}-1${i % 10}`,
  account_email: `t${i}@example.com`,
});

// curl: one process per POST, one after the other, as a shell loop would.
const curlStarted = performance.now();
for (let i = 1; i <= rows; i++) {
  await run('curl', [
    '-sS',
    '-f',
    '-o',
    '/dev/null',
    '-X',
    'POST',
    '-H',
    `X-Application-Key: ${sandbox.apiKey}`,
    '-H',
    'Content-Type: application/json',
    '-d',
    JSON.stringify(person(i, 'Curl')),
    `${sandbox.baseUrl}/customers/`,
  ]);
}
const curlMs = performance.now() - curlStarted;

const manifest = join(home, 'group.csv');
writeFileSync(
  manifest,
  ['name.title,name.legal_first_name,name.legal_last_name,date_of_birth,account_email']
    .concat(
      Array.from({ length: rows }, (_, k) => {
        const p = person(k + 1, 'Trek');
        return [p.name.title, p.name.legal_first_name, p.name.legal_last_name, p.date_of_birth, p.account_email].join(',');
      }),
    )
    .join('\n') + '\n',
);
const trekStarted = performance.now();
const { stdout } = await run(process.execPath, [bin, 'group', 'import', manifest, '--new-booking', '--currency', 'CAD', '--departure', '100001', '-o', 'json'], {
  env: cleanEnv({ TREK_HOME: home, TREK_BASE_URL: sandbox.baseUrl, TREK_API_KEY: sandbox.apiKey }),
  maxBuffer: 64 * 1024 * 1024,
});
const trekMs = performance.now() - trekStarted;
const imported = JSON.parse(stdout);
if (imported.length !== rows || imported.some((r) => r.import !== 'created' || !r.service_id)) throw new Error('the import did not create every traveller');
await sandbox.close();

const ratio = trekMs / curlMs;
console.log(`curl, ${rows} sequential POSTs:  ${(curlMs / 1000).toFixed(2)} s (${(curlMs / rows).toFixed(1)} ms each)`);
console.log(`trek group import, ${rows} rows: ${(trekMs / 1000).toFixed(2)} s, with its journal and the departure service`);
console.log(`ratio ${ratio.toFixed(3)} (target ≤ ${TARGET}) ${ratio <= TARGET ? 'ok' : 'MISSED'}`);
