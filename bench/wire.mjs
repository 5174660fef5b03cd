// Bytes on the wire (issue 32): `trek search departures --all` against a served sandbox, beside
// `curl --compressed` fetching the same pages (the URLs trek asked for, one curl process, one
// connection). Counted at the server: the bytesWritten of every socket it accepted, taken from
// node:net's diagnostics channel, headers included. Target: trek ≤ 1.05 × curl's compressed bytes.
// curl without --compressed is shown for scale.
// Usage: node bench/wire.mjs [--node PATH]   (builds dist/ first if missing; needs curl)
import { execFile } from 'node:child_process';
import { subscribe } from 'node:diagnostics_channel';
import { promisify } from 'node:util';
import { benchOptions, bin, cleanEnv, ensureBuilt, tempHome } from './harness.mjs';

const TARGET = 1.05;
const run = promisify(execFile);
const options = benchOptions();
ensureBuilt();

/** Every socket the sandbox's server accepts, so a run's bytes are the sum of what it wrote to them. */
const sockets = new Set();
subscribe('net.server.socket', ({ socket }) => sockets.add(socket));
async function bytesWrittenBy(action) {
  sockets.clear();
  await action();
  // A keep-alive socket may still be open; what it wrote so far is all the run asked for.
  let bytes = 0;
  for (const socket of sockets) bytes += socket.bytesWritten;
  return bytes;
}

const urls = [];
const { startSandbox } = await import('../dist/sandbox.cjs');
const served = await startSandbox({ log: (line) => urls.push(line.split(' ')[2]) });
const env = cleanEnv({ TREK_HOME: tempHome(), TREK_BASE_URL: served.baseUrl, TREK_API_KEY: served.apiKey });

// --no-cache: every page comes over the wire, as on a first run.
const trekBytes = await bytesWrittenBy(() => run(options.node, [bin, '--no-cache', 'search', 'departures', '--all', '-o', 'ndjson'], { env, maxBuffer: 1 << 30 }));
const pages = urls.splice(0).map((path) => `${served.baseUrl}${path}`);
const curl = (extra) =>
  run('curl', ['-sS', '-H', `X-Application-Key: ${served.apiKey}`, '-H', 'Accept: application/json', ...extra, ...pages.flatMap((url) => ['-o', '/dev/null', url])], { maxBuffer: 1 << 20 });
const curlCompressed = await bytesWrittenBy(() => curl(['--compressed']));
const curlPlain = await bytesWrittenBy(() => curl([]));
await served.close();

const ratio = trekBytes / curlCompressed;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(12);
console.log(`node ${options.version}: search departures --all, ${pages.length} pages, bytes the sandbox wrote`);
console.log(`${'trek (gzip, deflate, br)'.padEnd(36)} ${kb(trekBytes)}  ${ratio.toFixed(3)}× curl --compressed (target ≤ ${TARGET})`);
console.log(`${'curl --compressed, the same pages'.padEnd(36)} ${kb(curlCompressed)}`);
console.log(`${'curl, uncompressed'.padEnd(36)} ${kb(curlPlain)}  ${(curlPlain / trekBytes).toFixed(1)}× trek's`);
process.exitCode = ratio <= TARGET ? 0 : 1;
