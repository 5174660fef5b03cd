/**
 * An inter-process lock beside a file: `<file>.lock` holds `pid host token`. It is created
 * whole (written to a private temp file, then hard-linked into place, which fails if a lock
 * exists), so a reader never sees a lock without its owner.
 *
 * A lock is taken over only when its process is provably gone: same host and kill(pid, 0)
 * answers ESRCH. A live holder — even one stopped with SIGSTOP or busy for minutes — is never
 * robbed; waiters give up after a bounded time with an error naming the holder.
 *
 * Not proper-lockfile or lockfile: both decide staleness by the lock's age (proper-lockfile
 * by an mtime its holder refreshes on a timer), so a paused or blocked holder loses its lock
 * and its acknowledged write — the exact failure of issue 13.4.
 */
import { closeSync, constants, linkSync, openSync, readFileSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { unguessableName, writeAllSync } from './atomic-write.js';

export const DEFAULT_LOCK_WAIT_MS = 20_000;
export const LOCK_WAIT_ENV = 'TREK_LOCK_WAIT_MS';
const MAX_LOCK_WAIT_MS = 600_000;

/** How long every trek lock waits for a live holder: TREK_LOCK_WAIT_MS, else 20 s. A bad value is a RangeError naming the variable. */
export function lockWaitFromEnv(env: Record<string, string | undefined>): number {
  const text = env[LOCK_WAIT_ENV];
  if (text === undefined || text === '') return DEFAULT_LOCK_WAIT_MS;
  const ms = Number(text);
  if (!/^\d+$/.test(text.trim()) || ms > MAX_LOCK_WAIT_MS) {
    throw new RangeError(`${LOCK_WAIT_ENV} must be a whole number of milliseconds from 0 to ${MAX_LOCK_WAIT_MS} (got ${JSON.stringify(text)})`);
  }
  return ms;
}

/** The lock stayed held by a live process for the whole wait. */
export class LockBusyError extends Error {
  override name = 'LockBusyError';
  constructor(
    readonly lockFile: string,
    readonly holderPid: number | null,
    readonly waitedMs: number,
  ) {
    super(
      `${lockFile} is held by ${holderPid === null ? 'another process' : `process ${holderPid}`}, still running after ${Math.round(waitedMs / 1000)} s of waiting. ` +
        `Let it finish (or stop it) and try again; remove ${lockFile} only if that process is not trek.`,
    );
  }
}

export interface LockOptions {
  /** How long to wait for a live holder; default 20 s. */
  waitMs?: number;
}

interface Holder {
  pid: number | null;
  host: string;
  content: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Takes `<file>.lock`, waiting while a live process holds it. Resolves to the release function. */
export async function acquireFileLock(file: string, options: LockOptions = {}): Promise<() => void> {
  const lockFile = `${file}.lock`;
  const waitMs = options.waitMs ?? DEFAULT_LOCK_WAIT_MS;
  const content = `${process.pid} ${hostname()} ${unguessableName()}\n`;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(lockFile, content)) return () => removeIfUnchanged(lockFile, content);
    const holder = readHolder(lockFile);
    if (holder && isGone(holder)) {
      removeIfUnchanged(lockFile, holder.content);
      continue;
    }
    const waited = Date.now() - started;
    if (waited >= waitMs) throw new LockBusyError(lockFile, holder?.pid ?? null, waited);
    await sleep(Math.min(2 + attempt * 2, 50) * (0.5 + Math.random()));
  }
}

/** Creates the lock with its content in one step; false when a lock exists. */
function tryCreate(lockFile: string, content: string): boolean {
  const temp = `${lockFile}.${unguessableName()}.tmp`;
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    try {
      writeAllSync(fd, Buffer.from(content));
    } finally {
      closeSync(fd);
    }
    linkSync(temp, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

function readHolder(lockFile: string): Holder | null {
  try {
    const content = readFileSync(lockFile, 'utf8');
    const [pidText = '', host = ''] = content.split(' ');
    const pid = Number.parseInt(pidText, 10);
    return { pid: Number.isInteger(pid) && pid > 0 ? pid : null, host, content };
  } catch {
    return null; // released meanwhile
  }
}

function isGone(holder: Holder): boolean {
  return holder.pid !== null && processIsGone(holder.pid, holder.host);
}

/** Only a process on this host that the kernel says does not exist is gone. */
export function processIsGone(pid: number, host: string): boolean {
  if (host !== hostname()) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function removeIfUnchanged(lockFile: string, content: string): void {
  try {
    if (readFileSync(lockFile, 'utf8') === content) unlinkSync(lockFile);
  } catch {
    // Gone already: the next attempt takes it.
  }
}

/** Runs `fn` while holding `<file>.lock`. */
export async function withFileLock<T>(file: string, fn: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  const release = await acquireFileLock(file, options);
  try {
    return await fn();
  } finally {
    release();
  }
}
