/**
 * The cache on disk: one file per answer, under `<cache dir>/http/<profile>/<key id>/`, where
 * the key id is a digest of the API key (never the key), so one key's answers — an agency's own
 * data — are never read with another key.
 *
 * One file per entry, replaced by atomic rename (util/atomic-write.ts), rather than one index
 * under a lock: a reader always sees a whole entry, two processes filling the cache at once
 * never wait for each other, and a lost race only means the later of two equal answers wins.
 * The bounds are kept by a sweep that lists the folder (file mtime = last use) and lets
 * lru-cache choose what goes; concurrent sweeps at worst unlink a file twice.
 *
 * Nothing read back is trusted: an entry is used only when it is a regular file (no symlink
 * followed), within the size limit, valid JSON of our shape, and names the same profile, key
 * id, method, format and URL that were asked for; anything else is a miss, and the next answer
 * replaces it.
 */
import { closeSync, constants, fstatSync, lstatSync, lutimesSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, unlinkSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { LRUCache } from 'lru-cache';
import { isValidHeaderValue } from '../api/wire.js';
import { readFileNoFollowSync } from '../config/paths.js';
import { unsafeOwnership } from '../util/ownership.js';
import { writeAllSync, writeFileAtomicSync } from '../util/atomic-write.js';
import type { CacheKind } from '../config/cache-ttl.js';
import type { CatalogueRead } from './kinds.js';

const ENTRY_VERSION = 1;

export interface CacheLimits {
  /** Entries kept per profile (all keys together). */
  maxEntries: number;
  /** Bytes of entry files kept per profile. */
  maxBytes: number;
  /** An answer larger than this is not stored, and a file larger than this is never read. */
  maxEntryBytes: number;
}

export const DEFAULT_LIMITS: CacheLimits = { maxEntries: 2000, maxBytes: 64 * 1024 * 1024, maxEntryBytes: 8 * 1024 * 1024 };

/** What one entry answers for: every field must match for the entry to be used. */
export interface EntryIdentity {
  profile: string;
  keyId: string;
  method: string;
  accept: string;
  url: string;
}

/** One stored answer, as the file holds it. */
export interface CacheEntry {
  trek_cache: typeof ENTRY_VERSION;
  profile: string;
  key_id: string;
  method: string;
  accept: string;
  url: string;
  kind: CacheKind;
  status: number;
  status_text: string;
  /** The headers that matter to a reader (lower-case names): type, validators, date, links. */
  headers: Record<string, string>;
  /** Epoch ms of the answer, or of its last revalidation. */
  stored_at: number;
  body: string;
}

/** Response headers kept with an entry; the rest (connection, rate limit, server) describe that one exchange. */
export const KEPT_HEADERS = ['content-type', 'etag', 'last-modified', 'date', 'link', 'content-language'] as const;

export type CacheEvent = 'hit' | 'revalidated' | 'miss';
export interface CacheCounts {
  hits: number;
  revalidated: number;
  misses: number;
}
const EVENT_BYTE: Record<CacheEvent, string> = { hit: 'h', revalidated: 'r', miss: 'm' };
/** The event log is folded into the totals once it reaches this size. */
const STATS_LOG_FOLD_BYTES = 64 * 1024;
/** A stored_at this far ahead of the clock is a planted or broken entry, not clock skew. */
const FUTURE_SKEW_MS = 60_000;
/** A temp file this old belongs to a process that was killed mid-write. */
const STALE_TEMP_MS = 10 * 60_000;

const ENTRY_NAME = /^[a-z_]+\.(?:list|item\.[\w-]{12})\.[\w-]{32}\.json$/;
const KEY_FOLDER = /^(?:[0-9a-f]{32}|anonymous)$/;

function digest(text: string, length: number): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('base64url').slice(0, length);
}

/** The key's folder name: a digest of the auth header and key, never the key itself. */
export function keyIdOf(authHeader: string, apiKey: string | undefined): string {
  if (apiKey === undefined) return 'anonymous';
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(`trek cache key\0${authHeader.toLowerCase()}\0${apiKey}`).digest('hex').slice(0, 32);
}

/** A profile's folder name: the name itself when it is a plain word, else a digest (names are free text in old configs). */
export function profileFolderName(profile: string): string {
  return /^[A-Za-z0-9][\w.-]{0,63}$/.test(profile) ? profile : `~${digest(profile, 22)}`;
}

/** `<kind>.list.<digest>.json` or `<kind>.item.<id digest>.<digest>.json`: eviction finds a kind's lists and an item's answers by name. */
export function entryFileName(read: CatalogueRead, identity: EntryIdentity): string {
  const answer = digest(`${identity.method} ${identity.accept} ${identity.url}`, 32);
  return read.item === undefined ? `${read.kind}.list.${answer}.json` : `${read.kind}.item.${itemTag(read.item)}.${answer}.json`;
}

function itemTag(item: string): string {
  return digest(item, 12);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The entry when `value` is a whole entry for `identity`; undefined for anything else. */
function checkEntry(value: unknown, identity: EntryIdentity, kind: CacheKind, nowMs: number): CacheEntry | undefined {
  if (!isRecord(value) || value.trek_cache !== ENTRY_VERSION) return undefined;
  const { headers } = value;
  const matches =
    value.profile === identity.profile &&
    value.key_id === identity.keyId &&
    value.method === identity.method &&
    value.accept === identity.accept &&
    value.url === identity.url &&
    value.kind === kind &&
    value.status === 200 &&
    typeof value.status_text === 'string' &&
    typeof value.body === 'string' &&
    typeof value.stored_at === 'number' &&
    Number.isFinite(value.stored_at) &&
    value.stored_at <= nowMs + FUTURE_SKEW_MS &&
    isRecord(headers) &&
    // Validators are sent back on revalidation: a value no header may carry would fail the request.
    Object.entries(headers).every(([name, text]) => (KEPT_HEADERS as readonly string[]).includes(name) && typeof text === 'string' && isValidHeaderValue(text));
  return matches ? (value as unknown as CacheEntry) : undefined;
}

interface EntryFile {
  path: string;
  size: number;
  lastUsedMs: number;
}

/** A folder trek made for the cache: a real folder (not a symlink), the user's alone. */
function ensureCacheFolder(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stats = lstatSync(dir);
  if (!stats.isDirectory()) throw new Error(`${dir} is not a folder`);
  const problem = unsafeOwnership(stats, 'folder');
  if (problem) throw new Error(`${dir}: ${problem.what}`);
}

function unlinkQuietly(path: string): boolean {
  try {
    unlinkSync(path);
    return true;
  } catch {
    return false; // gone already: another process swept or evicted it
  }
}

function listNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** One profile's cache. Methods that write throw the fs error; callers decide whether a failure matters. */
export class ProfileCache {
  private sweptTotals: { entries: number; bytes: number } | undefined;

  constructor(
    /** `<cache dir>/http/<profile folder>`. */
    readonly folder: string,
    private readonly limits: CacheLimits = DEFAULT_LIMITS,
  ) {}

  /** Creates `http/<profile>/<key id>` as needed, refusing symlinked or shared folders. Returns the key's folder. */
  prepare(keyId: string): string {
    ensureCacheFolder(join(this.folder, '..'));
    ensureCacheFolder(this.folder);
    const keyFolder = join(this.folder, keyId);
    ensureCacheFolder(keyFolder);
    return keyFolder;
  }

  /** The entry in `file` for `identity`, or undefined (missing, corrupt, foreign, symlinked, too large). */
  read(file: string, identity: EntryIdentity, kind: CacheKind, nowMs: number): CacheEntry | undefined {
    let text: string;
    try {
      text = readFileNoFollowSync(file, { maxBytes: this.limits.maxEntryBytes }).text;
    } catch {
      return undefined;
    }
    try {
      return checkEntry(JSON.parse(text), identity, kind, nowMs);
    } catch {
      return undefined;
    }
  }

  /** Stores an entry, unless it is larger than an entry may be. */
  write(file: string, entry: CacheEntry): void {
    const bytes = Buffer.from(JSON.stringify(entry));
    if (bytes.length > this.limits.maxEntryBytes) return;
    writeFileAtomicSync(file, bytes);
    this.keepBounds(bytes.length, file);
  }

  /** Marks an entry used now: the sweep keeps the most recently used. */
  touch(file: string): void {
    try {
      const now = new Date();
      lutimesSync(file, now, now);
    } catch {
      // Swept meanwhile: the next read is a miss.
    }
  }

  remove(file: string): void {
    unlinkQuietly(file);
  }

  /** Removes, for every key of the profile, every list of `kind` and the item's answers (when given). Returns how many went. */
  evictLists(kind: CacheKind, item?: string): number {
    return this.removeByPrefix([`${kind}.list.`, ...(item === undefined ? [] : [`${kind}.item.${itemTag(item)}.`])]);
  }

  /** Removes every answer of `kind`, lists and items, for every key of the profile. */
  evictKind(kind: CacheKind): number {
    return this.removeByPrefix([`${kind}.`]);
  }

  private removeByPrefix(prefixes: string[]): number {
    let removed = 0;
    for (const keyFolder of this.keyFolders()) {
      for (const name of listNames(keyFolder)) {
        if (ENTRY_NAME.test(name) && prefixes.some((prefix) => name.startsWith(prefix)) && unlinkQuietly(join(keyFolder, name))) removed++;
      }
    }
    return removed;
  }

  /**
   * Every entry of every key, with its size and last use. With `fileSystemNowMs`, a temp file
   * older than STALE_TEMP_MS by that clock goes.
   */
  entries(fileSystemNowMs?: number): EntryFile[] {
    const found: EntryFile[] = [];
    for (const keyFolder of this.keyFolders()) {
      for (const name of listNames(keyFolder)) {
        const path = join(keyFolder, name);
        let stats: Stats;
        try {
          stats = lstatSync(path);
        } catch {
          continue;
        }
        if (ENTRY_NAME.test(name) && stats.isFile()) found.push({ path, size: stats.size, lastUsedMs: stats.mtimeMs });
        else if (fileSystemNowMs !== undefined && name.startsWith('.') && name.endsWith('.tmp') && fileSystemNowMs - stats.mtimeMs > STALE_TEMP_MS) unlinkQuietly(path);
      }
    }
    return found;
  }

  /**
   * Evicts the least recently used entries until the profile is within its bounds. The order
   * and the cut are lru-cache's: entries go in oldest first, and what it evicts is unlinked.
   */
  sweep(fileSystemNowMs?: number): { entries: number; bytes: number } {
    const files = this.entries(fileSystemNowMs).sort((a, b) => a.lastUsedMs - b.lastUsedMs);
    // Required here, not with the module: only a process that writes sweeps, and a hit has no need of its 60 kB.
    const { LRUCache: Lru } = createRequire(import.meta.url)('lru-cache') as typeof import('lru-cache');
    const kept: LRUCache<string, EntryFile> = new Lru<string, EntryFile>({
      max: this.limits.maxEntries,
      maxSize: this.limits.maxBytes,
      maxEntrySize: this.limits.maxEntryBytes,
      sizeCalculation: (file) => Math.max(1, file.size),
      dispose: (file, _path, reason) => {
        if (reason === 'evict') unlinkQuietly(file.path);
      },
    });
    for (const file of files) {
      if (file.size > this.limits.maxEntryBytes) unlinkQuietly(file.path);
      else kept.set(file.path, file);
    }
    this.sweptTotals = { entries: kept.size, bytes: kept.calculatedSize };
    return this.sweptTotals;
  }

  /** A sweep on this process's first write, and again whenever its own writes may have crossed a bound. */
  private keepBounds(written: number, file: string): void {
    if (this.sweptTotals !== undefined) {
      this.sweptTotals.entries++;
      this.sweptTotals.bytes += written;
      if (this.sweptTotals.entries <= this.limits.maxEntries && this.sweptTotals.bytes <= this.limits.maxBytes) return;
    }
    // Temp files' ages are read on the file system's clock, which stamped the entry just written:
    // this process's clock may be another (a VM's drift, a test's faked time).
    let fileSystemNowMs: number | undefined;
    try {
      fileSystemNowMs = lstatSync(file).mtimeMs;
    } catch {
      // Swept by another process meanwhile: temp files wait for the next sweep.
    }
    this.sweep(fileSystemNowMs);
  }

  /** Counts one event: a byte appended to the profile's log, so counting costs one small write. */
  count(event: CacheEvent): void {
    const log = join(this.folder, 'stats.log');
    // O_NONBLOCK: a FIFO at the name fails the open (ENXIO) instead of hanging the command until a reader comes.
    const fd = openSync(log, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o600);
    let size: number;
    try {
      if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`${log} is not a regular file`), { code: 'EFTYPE' });
      writeAllSync(fd, Buffer.from(EVENT_BYTE[event]));
      size = fstatSync(fd).size;
    } finally {
      closeSync(fd);
    }
    if (size >= STATS_LOG_FOLD_BYTES) this.foldStats();
  }

  /** Hits, revalidations and misses since the cache was last cleared. */
  counts(): CacheCounts {
    const totals = this.readTotals();
    const log = this.readLog(join(this.folder, 'stats.log'));
    return { hits: totals.hits + log.hits, revalidated: totals.revalidated + log.revalidated, misses: totals.misses + log.misses };
  }

  /** Removes the whole profile's cache, counts included. */
  clear(): void {
    rmSync(this.folder, { recursive: true, force: true });
    this.sweptTotals = undefined;
  }

  private keyFolders(): string[] {
    return listNames(this.folder)
      .filter((name) => KEY_FOLDER.test(name))
      .map((name) => join(this.folder, name))
      .filter((dir) => {
        try {
          return lstatSync(dir).isDirectory();
        } catch {
          return false;
        }
      });
  }

  /**
   * Moves the log aside (new events start a new log at once) and adds it to the totals. An
   * event appended to the old log in the instant between the move and the read may go uncounted.
   */
  private foldStats(): void {
    const log = join(this.folder, 'stats.log');
    const folding = join(this.folder, `stats.log.${process.pid}.folding`);
    try {
      // renameSync replaces a symlink at `folding`, never writes through it.
      renameSync(log, folding);
    } catch {
      return; // another process is folding it
    }
    const added = this.readLog(folding);
    const totals = this.readTotals();
    writeFileAtomicSync(join(this.folder, 'stats.json'), JSON.stringify({ hits: totals.hits + added.hits, revalidated: totals.revalidated + added.revalidated, misses: totals.misses + added.misses }));
    unlinkQuietly(folding);
  }

  private readTotals(): CacheCounts {
    try {
      const value: unknown = JSON.parse(readFileNoFollowSync(join(this.folder, 'stats.json'), { maxBytes: 4096 }).text);
      const number = (n: unknown) => (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0);
      if (isRecord(value)) return { hits: number(value.hits), revalidated: number(value.revalidated), misses: number(value.misses) };
    } catch {
      // Missing or unreadable: counting starts again.
    }
    return { hits: 0, revalidated: 0, misses: 0 };
  }

  private readLog(file: string): CacheCounts {
    const counts = { hits: 0, revalidated: 0, misses: 0 };
    let text: string;
    try {
      text = readFileNoFollowSync(file, { maxBytes: STATS_LOG_FOLD_BYTES * 16 }).text;
    } catch {
      return counts;
    }
    for (const char of text) {
      if (char === 'h') counts.hits++;
      else if (char === 'r') counts.revalidated++;
      else if (char === 'm') counts.misses++;
    }
    return counts;
  }
}
