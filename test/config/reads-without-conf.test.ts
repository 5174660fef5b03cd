import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// conf (with ajv) costs tens of milliseconds to import, and nearly every command only reads
// the config; this checks the built CLI, so any module on the read path importing conf fails it.
const bin = fileURLToPath(new URL('../../bin/trek', import.meta.url));

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'trek-lazy-conf-'));
  mkdirSync(join(home, 'config'), { recursive: true });
  writeFileSync(join(home, 'config', 'config.json'), JSON.stringify({ profiles: { prod: { base_url: 'https://api.example.com' } }, current_profile: 'prod', settings: { timeout: '30' } }));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

/** Runs bin/trek under a module resolve hook that logs every specifier it resolves. */
async function trekWithImportLog(args: string[]): Promise<{ code: number | null; stdout: string; specifiers: string[] }> {
  const log = join(home, `imports-${args.join('-')}.log`);
  const hook = `data:text/javascript,${encodeURIComponent(`
    import { register } from 'node:module';
    register('data:text/javascript,' + encodeURIComponent(\`
      import { appendFileSync } from 'node:fs';
      export async function resolve(specifier, context, next) {
        appendFileSync(${JSON.stringify(log)}, specifier + '\\\\n');
        return next(specifier, context);
      }\`));`)}`;
  const child = spawn(process.execPath, ['--import', hook, bin, ...args], {
    env: { PATH: process.env.PATH, HOME: home, TREK_HOME: home, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const specifiers = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  return { code, stdout, specifiers };
}

const importsConf = (specifiers: string[]) => specifiers.some((s) => s === 'conf' || s.startsWith('conf/'));

describe('config reads', () => {
  it('never load conf; the first write does', async () => {
    const [list, get, set] = await Promise.all([
      trekWithImportLog(['profile', 'list', '-o', 'json']),
      trekWithImportLog(['config', 'get', 'timeout', '-o', 'json']),
      trekWithImportLog(['config', 'set', 'color', 'never']),
    ]);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).find((p: { name: string }) => p.name === 'prod')).toMatchObject({ current: true, base_url: 'https://api.example.com' });
    expect(importsConf(list.specifiers)).toBe(false);
    expect(get.code).toBe(0);
    expect(JSON.parse(get.stdout)).toEqual({ key: 'timeout', value: '30' });
    expect(importsConf(get.specifiers)).toBe(false);
    // The control: the same hook on the same build does see conf, so the checks above can fail.
    expect(set.code).toBe(0);
    expect(importsConf(set.specifiers)).toBe(true);
  });
});
