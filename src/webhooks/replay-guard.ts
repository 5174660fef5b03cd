/**
 * The events a listener's job has been done for, on disk, so that a repeat — a sender's retry,
 * a resend, a replayed request — is recognised even by the next `trek webhooks listen`.
 *
 * At least once, never lost: an event is first claimed (in progress), and recorded as done only
 * once its job is done (the forward target acknowledged it, the cache was evicted). A claim is
 * given back when the job fails, and lapses by itself after CLAIM_TTL_MS or as soon as the
 * process that made it is gone (kill -9, a crash): the sender's retry is then handled again.
 * A crash thus means "done again", never "lost".
 *
 * One file per job (see guardFileName): two listeners doing different things with the same
 * events (one forwarding, one evicting the cache) each do theirs; two doing the same share one.
 * Bounded: the newest MAX_SEEN_EVENTS done keys are kept. Every change is made under the file's
 * lock and written atomically, so two listeners at once neither lose keys nor tear the file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { readFileNoFollowSync } from '../config/paths.js';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import { processIsGone, withFileLock } from '../util/lock.js';

export const MAX_SEEN_EVENTS = 10_000;
/** Longer than a forward may take (10 s for its headers, 10 s for its body) and an eviction. */
export const CLAIM_TTL_MS = 60_000;

/** What a listener does with an event; events are repeats only of the same job. */
export interface ListenerJob {
  profile: string;
  /** --forward-to's URL, or null. */
  forwardTo: string | null;
  /** The API whose local cache --update-cache evicts (the profile's base URL), or null. */
  cache: string | null;
}

/** The guard's file name for a job: the profile's name to be found, a digest for the rest. */
export function guardFileName(job: ListenerJob): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([job.profile, job.forwardTo, job.cache]))
    .digest('hex')
    .slice(0, 16);
  return `webhook-events-${encodeURIComponent(job.profile)}-${digest}.json`;
}

interface Claim {
  pid: number;
  host: string;
  /** Which guard made it: only that one gives it back. */
  token: string;
  /** Epoch ms after which it lapses. */
  until: number;
}

interface GuardFile {
  version: 2;
  /** Keys whose job is done, oldest first. */
  done: string[];
  claims: Record<string, Claim>;
}

/** What claim() found for each key offered. */
export interface ClaimResult {
  /** Claimed now: this caller does the job, then complete()s or release()s them. */
  fresh: Set<string>;
  /** Done before: repeats. */
  done: Set<string>;
  /** Claimed by another request still running: neither done nor free. */
  busy: Set<string>;
}

export class ReplayGuard {
  private readonly token = randomBytes(8).toString('hex');

  constructor(
    readonly file: string,
    private readonly options: { lockWaitMs: number; limit?: number; now?: () => number; warn: (line: string) => void },
  ) {}

  /** Claims the keys neither done nor in progress elsewhere (a key twice in `keys` is claimed once). */
  claim(keys: readonly string[]): Promise<ClaimResult> {
    return this.change((state) => {
      const result: ClaimResult = { fresh: new Set(), done: new Set(), busy: new Set() };
      const now = this.now();
      for (const key of keys) {
        if (result.fresh.has(key) || state.done.has(key)) {
          if (!result.fresh.has(key)) result.done.add(key);
          continue;
        }
        const claim = state.claims.get(key);
        if (claim && isLive(claim, now)) {
          result.busy.add(key);
          continue;
        }
        state.claims.set(key, { pid: process.pid, host: hostname(), token: this.token, until: now + CLAIM_TTL_MS });
        result.fresh.add(key);
      }
      return result;
    });
  }

  /** Records the keys' job as done: from now on they are repeats. */
  complete(keys: Iterable<string>): Promise<void> {
    return this.change((state) => {
      for (const key of keys) {
        state.claims.delete(key);
        state.done.delete(key);
        state.done.add(key);
      }
    });
  }

  /** Gives back claims whose job failed, so the sender's retry is handled afresh. */
  release(keys: Iterable<string>): Promise<void> {
    return this.change((state) => {
      for (const key of keys) if (state.claims.get(key)?.token === this.token) state.claims.delete(key);
    });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private change<T>(edit: (state: { done: Set<string>; claims: Map<string, Claim> }) => T): Promise<T> {
    return withFileLock(
      this.file,
      () => {
        const read = this.read();
        const state = { done: new Set(read.done), claims: new Map(Object.entries(read.claims)) };
        const result = edit(state);
        const now = this.now();
        const claims = Object.fromEntries([...state.claims].filter(([, claim]) => isLive(claim, now)));
        const done = [...state.done].slice(-(this.options.limit ?? MAX_SEEN_EVENTS));
        writeFileAtomicSync(this.file, `${JSON.stringify({ version: 2, done, claims } satisfies GuardFile)}\n`);
        return result;
      },
      { waitMs: this.options.lockWaitMs },
    );
  }

  /** The record on disk; a missing file is empty, a damaged one is reported and started over. */
  private read(): Pick<GuardFile, 'done' | 'claims'> {
    let text: string;
    try {
      text = readFileNoFollowSync(this.file).text;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { done: [], claims: {} };
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as Partial<GuardFile>;
      if (parsed.version === 2 && Array.isArray(parsed.done) && parsed.done.every((key) => typeof key === 'string') && isClaims(parsed.claims)) {
        return { done: parsed.done, claims: parsed.claims };
      }
    } catch {
      // Reported below.
    }
    this.options.warn(`${this.file} is damaged; the events seen before are forgotten and the file is started over`);
    return { done: [], claims: {} };
  }
}

/** A claim holds until it lapses or its process is provably gone. */
function isLive(claim: Claim, now: number): boolean {
  return claim.until > now && !processIsGone(claim.pid, claim.host);
}

function isClaims(value: unknown): value is Record<string, Claim> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (claim: Partial<Claim>) =>
      typeof claim === 'object' && claim !== null && Number.isInteger(claim.pid) && typeof claim.host === 'string' && typeof claim.token === 'string' && typeof claim.until === 'number',
  );
}
