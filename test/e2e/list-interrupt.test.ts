/**
 * Ctrl-C during `trek search departures --all` in a real terminal (tmux): the progress line
 * must not stay on the screen. The API is a server in this process whose second page comes
 * only when the test lets it, so the keys arrive while trek waits for it.
 */
import type { ServerResponse } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { useHostileServers } from '../helpers/hostile-server.js';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { openTerminal } from '../helpers/terminal.js';
import { cleanEnv, freshHome, TREK_BIN } from './trek-process.js';

const servers = useHostileServers();

describe('trek search --all in a terminal', () => {
  beforeEach((ctx) => requirePrograms(ctx, PROGRAMS.tmux));

  it('18 Ctrl-C during --all clears the progress line and exits 130', async () => {
    const heldPages: ServerResponse[] = [];
    const page = (n: number) => ({
      count: 20,
      max_per_page: 10,
      current_page: n,
      results: Array.from({ length: 10 }, (_, i) => ({ id: String(n * 100 + i), name: `Departure ${n}-${i}`, start_date: '2027-06-01' })),
      links: n === 1 ? [{ rel: 'next', href: '/departures?page=2' }] : [],
    });
    const server = await servers.start((req, res) => {
      if (new URL(req.url!, 'http://x').searchParams.get('page') === '2') heldPages.push(res);
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page(1)));
    });
    const env = cleanEnv({ TREK_HOME: freshHome(), TREK_BASE_URL: server.url, TREK_API_KEY: 'k' });
    const command = `'${process.execPath}' '${TREK_BIN}' search departures --all --max-per-page 10 --no-pager; echo "[exit $?]"; sleep 60`;
    const terminal = await openTerminal(command, { columns: 80, rows: 20, env });
    try {
      await terminal.waitFor((screen) => screen.includes('fetched 10 of ~20 departures') && heldPages.length === 1);
      await terminal.sendKeys('C-c');
      const interrupted = await terminal.waitFor((screen) => screen.includes('cancelled:'));
      expect(interrupted).not.toContain('fetched');
      expect(interrupted).toContain('cancelled: interrupted after fetching 10 departures');
      // The request under way ends as the server answers; trek then exits.
      heldPages[0].writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page(2)));
      const finished = await terminal.waitFor((screen) => screen.includes('[exit'));
      expect(finished).toContain('[exit 130]');
      expect(finished).not.toContain('fetched');
      expect(finished).not.toContain('Departure 1-0');
    } finally {
      await terminal.close();
    }
  });
});
