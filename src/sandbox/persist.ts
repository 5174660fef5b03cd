/**
 * The snapshot file: versioned JSON, written atomically (temp file + rename) while holding an
 * inter-process lock file, so several processes each running a sandbox on one data file
 * serialise their writes and never lose one. A snapshot of an unknown version or one that
 * cannot be parsed is refused and left untouched.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SnapshotError } from './errors.js';
import type { State } from './model.js';

export const SNAPSHOT_VERSION = 1;

/** Identity of the file's current content: rename gives a new inode, writes change size/mtime. */
export interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
}

export function stampOf(file: string): FileStamp | null {
  try {
    const s = statSync(file);
    return { ino: s.ino, size: s.size, mtimeMs: s.mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export function sameStamp(a: FileStamp | null, b: FileStamp | null): boolean {
  return a === b || (a !== null && b !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs);
}

/** Reads and checks a snapshot; null when the file does not exist. */
export function readSnapshot(file: string): State | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SnapshotError(`cannot read the sandbox snapshot ${file}: ${(err as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SnapshotError(`${file} is not a sandbox snapshot (not valid JSON); it was left untouched. Move it away to start a fresh sandbox.`);
  }
  const version = (parsed as { version?: unknown } | null)?.version;
  if (version !== SNAPSHOT_VERSION) {
    throw new SnapshotError(
      `${file} holds a sandbox snapshot of version ${JSON.stringify(version ?? null)}, but this trek reads version ${SNAPSHOT_VERSION}; ` +
        'it was left untouched. Use the trek that wrote it, or move the file away to start a fresh sandbox.',
    );
  }
  return parsed as State;
}

/** Writes `text` to `file` atomically: a crash leaves either the old or the new snapshot. */
export function writeSnapshot(file: string, text: string): FileStamp {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(16).slice(2)}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  return stampOf(file)!;
}

/** Removes `<file>.<pid>.<random>.tmp` files left by writers killed before their rename. */
export function removeOrphanTemps(file: string): void {
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return; // no directory yet: nothing to clean
  }
  for (const name of names) {
    const pid = name.startsWith(prefix) && name.endsWith('.tmp') ? Number(name.slice(prefix.length).split('.')[0]) : NaN;
    if (Number.isInteger(pid) && pid > 0 && !pidAlive(pid)) {
      try {
        unlinkSync(join(dirname(file), name));
      } catch {
        // Removed by another process meanwhile.
      }
    }
  }
}

const LOCK_STALE_MS = 15_000;
const LOCK_TIMEOUT_MS = 20_000;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes `<file>.lock` (O_EXCL create holding `pid time`). A lock whose process is gone, or
 * older than 15 s, is stale and removed. Resolves to the release function.
 */
export async function acquireLock(file: string): Promise<() => void> {
  const lockFile = `${file}.lock`;
  const cannotLock = (err: unknown) => new SnapshotError(`cannot lock the sandbox snapshot ${file}: ${(err as Error).message}`);
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (err) {
    throw cannotLock(err);
  }
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, `${process.pid} ${new Date().toISOString()}\n`);
      closeSync(fd);
      return () => {
        try {
          unlinkSync(lockFile);
        } catch {
          // Already removed as stale by another process after an extreme stall: nothing to undo.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw cannotLock(err);
    }
    const holder = describeLock(lockFile);
    if (holder && (holder.ageMs > LOCK_STALE_MS || (holder.pid !== null && !pidAlive(holder.pid)))) {
      removeIfUnchanged(lockFile, holder.content);
      continue;
    }
    if (Date.now() - started > LOCK_TIMEOUT_MS) {
      throw new SnapshotError(`could not lock ${file}: ${lockFile} is held by process ${holder?.pid ?? 'unknown'}`);
    }
    await sleep(Math.min(2 + attempt * 2, 25) * (0.5 + Math.random()));
  }
}

function describeLock(lockFile: string): { pid: number | null; ageMs: number; content: string } | null {
  try {
    const content = readFileSync(lockFile, 'utf8');
    const ageMs = Date.now() - statSync(lockFile).mtimeMs;
    const pid = Number.parseInt(content, 10);
    // A lock just created may not hold its pid yet; only its age can make it stale then.
    return { pid: Number.isInteger(pid) && pid > 0 ? pid : null, ageMs, content };
  } catch {
    return null; // released meanwhile
  }
}

function removeIfUnchanged(lockFile: string, content: string): void {
  try {
    if (readFileSync(lockFile, 'utf8') === content) unlinkSync(lockFile);
  } catch {
    // Gone already: the next attempt will take it.
  }
}
