/**
 * The local cache of catalogue reads (docs/architecture.md §1, layer 2): what the API client asks
 * (ResponseCache), what webhook events evict (evictForEvents), and what `trek cache status` and
 * `trek cache clear` show and remove. Entries live per profile and per API key identity under
 * trek's cache folder (store.ts).
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CacheSlot, ResponseCache, StoredAnswer } from '../api/client.js';
import { checkPrivateFolders, ensurePrivateFolder, type TrekPaths } from '../config/paths.js';
import { readSettings } from '../config/store.js';
import type { WebhookEvent } from '../domain/webhooks.js';
import { STORAGE_ERROR_CODES } from '../util/atomic-write.js';
import { CACHE_KINDS, DEFAULT_TTL_SECONDS, parseDuration, type CacheKind } from '../config/cache-ttl.js';
import { catalogueRead, laterPage, writeLeavesCatalogue, type CatalogueRead } from './kinds.js';
import { DEFAULT_LIMITS, entryFileName, KEPT_HEADERS, keyIdOf, profileFolderName, ProfileCache, type CacheCounts, type CacheEntry, type CacheLimits, type EntryIdentity } from './store.js';

/** The kinds whose answers any accepted write may change (availability, agency settings). */
const CHANGED_BY_ANY_WRITE: readonly CacheKind[] = ['departures', 'agencies'];

/** `<cache dir>/http`: every profile's answers. */
function httpFolder(cacheDir: string): string {
  return join(cacheDir, 'http');
}

/** A profile's cache, in a cache folder checked to be the user's alone (created when `create`). */
function profileCache(paths: TrekPaths, profile: string, options: { create?: boolean; limits?: CacheLimits } = {}): ProfileCache {
  if (options.create) ensurePrivateFolder(paths, 'cache');
  else checkPrivateFolders(paths, 'cache');
  return new ProfileCache(join(httpFolder(paths.cache), profileFolderName(profile)), options.limits);
}

/** The TTL of each kind in seconds: the cache.ttl.* settings, else the defaults. */
function ttlSettings(paths: TrekPaths): Record<CacheKind, number> {
  const settings = readSettings(paths);
  return Object.fromEntries(
    CACHE_KINDS.map((kind) => {
      const stored = settings[`cache.ttl.${kind}`];
      return [kind, (stored === undefined ? undefined : parseDuration(stored)) ?? DEFAULT_TTL_SECONDS[kind]];
    }),
  ) as Record<CacheKind, number>;
}

export interface DiskResponseCacheOptions {
  paths: TrekPaths;
  profile: string;
  /** The API's base URL: only its origin's reads are cached, by their path below it. */
  baseUrl: string;
  authHeader: string;
  apiKey: string | undefined;
  ttlSeconds: Record<CacheKind, number>;
  /** Read at each request: the global --no-cache / --refresh. */
  mode: () => 'use' | 'bypass' | 'refresh';
  /** One line for stderr, said at most once: the cache could not be written. */
  notice: (line: string) => void;
  limits?: CacheLimits;
  now?: () => number;
}

/** The path below the base URL's, when `url` is on its origin. */
function pathBelow(base: URL, url: URL): string | undefined {
  if (url.origin !== base.origin) return undefined;
  const basePath = base.pathname.replace(/\/+$/, '');
  if (basePath === '') return url.pathname;
  return url.pathname === basePath || url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : undefined;
}

/** ResponseCache on disk. Failing to read or write the cache never fails a command: it warns once and carries on. */
class DiskResponseCache implements ResponseCache {
  private readonly base: URL;
  private readonly keyId: string;
  private readonly now: () => number;
  private cache: ProfileCache | undefined;
  private keyFolder: string | undefined;
  private broken = false;

  constructor(private readonly options: DiskResponseCacheOptions) {
    this.base = new URL(options.baseUrl);
    this.keyId = keyIdOf(options.authHeader, options.apiKey);
    this.now = options.now ?? Date.now;
  }

  slot(method: string, url: URL, accept: 'json' | 'xml'): CacheSlot | undefined {
    const mode = this.options.mode();
    if (mode === 'bypass' || this.broken) return undefined;
    const path = pathBelow(this.base, url);
    if (path !== undefined && writeLeavesCatalogue(path)) return;
    const read = path === undefined ? undefined : catalogueRead(path);
    if (read === undefined || this.options.ttlSeconds[read.kind] === 0) return undefined;
    if (read.item === undefined && laterPage(url)) return undefined;
    const opened = this.open();
    if (opened === undefined) return undefined;
    const identity: EntryIdentity = { profile: this.options.profile, keyId: this.keyId, method, accept, url: url.href };
    const file = join(opened.keyFolder, entryFileName(read, identity));
    const entry = mode === 'refresh' ? undefined : opened.cache.read(file, identity, read.kind, this.now());
    return this.makeSlot(opened.cache, file, identity, read, entry);
  }

  wrote(url: URL): void {
    const path = pathBelow(this.base, url);
    if (path !== undefined && writeLeavesCatalogue(path)) return;
    const read = path === undefined ? undefined : catalogueRead(path);
    const cache = this.profileCache();
    if (cache === undefined) return;
    // Any other accepted write may change what the catalogue shows: a booking or a service holds or
    // frees places, a profile update or a sandbox control changes an agency. Dossiers, activities
    // and itineraries change only when written themselves.
    this.quietly(() => {
      for (const kind of CHANGED_BY_ANY_WRITE) cache.evictKind(kind);
      if (read !== undefined) cache.evictLists(read.kind, read.item);
    });
  }

  private makeSlot(cache: ProfileCache, file: string, identity: EntryIdentity, read: CatalogueRead, entry: CacheEntry | undefined): CacheSlot {
    const ttlMs = this.options.ttlSeconds[read.kind] * 1000;
    const stored = entry === undefined ? undefined : toStored(entry);
    const keep = (answer: Omit<StoredAnswer, 'storedAtMs'>, storedAtMs: number): StoredAnswer => {
      const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (answer.headers[name] === undefined ? [] : [[name, answer.headers[name]]])));
      const kept: CacheEntry = {
        trek_cache: 1,
        profile: identity.profile,
        key_id: identity.keyId,
        method: identity.method,
        accept: identity.accept,
        url: identity.url,
        kind: read.kind,
        status: answer.status,
        status_text: answer.statusText,
        headers,
        stored_at: storedAtMs,
        body: answer.raw,
      };
      this.quietly(() => cache.write(file, kept));
      return toStored(kept);
    };
    return {
      stored,
      fresh: entry !== undefined && this.now() - entry.stored_at < ttlMs,
      hit: () =>
        this.quietly(() => {
          cache.touch(file);
          cache.count('hit');
        }),
      revalidated: (headers) => {
        // A 304 may carry new validators; what it leaves out stays as stored (RFC 9110 §15.4.5).
        const merged = {
          ...stored!,
          headers: { ...stored!.headers, ...Object.fromEntries(KEPT_HEADERS.flatMap((name) => (headers[name] === undefined || name === 'content-type' ? [] : [[name, headers[name]]]))) },
        };
        this.quietly(() => cache.count('revalidated'));
        return keep(merged, this.now());
      },
      save: (answer) => {
        this.quietly(() => cache.count('miss'));
        keep(answer, this.now());
      },
      forget: () => cache.remove(file),
    };
  }

  private profileCache(): ProfileCache | undefined {
    if (this.cache === undefined) {
      try {
        this.cache = profileCache(this.options.paths, this.options.profile, { create: true, limits: this.options.limits ?? DEFAULT_LIMITS });
      } catch (error) {
        this.fail(error);
      }
    }
    return this.cache;
  }

  private open(): { cache: ProfileCache; keyFolder: string } | undefined {
    const cache = this.profileCache();
    if (cache === undefined) return undefined;
    if (this.keyFolder === undefined) {
      try {
        this.keyFolder = cache.prepare(this.keyId);
      } catch (error) {
        this.fail(error);
        return undefined;
      }
    }
    return { cache, keyFolder: this.keyFolder };
  }

  private quietly(work: () => void): void {
    if (this.broken) return;
    try {
      work();
    } catch (error) {
      this.fail(error);
    }
  }

  /** The cache is left alone for the rest of the command, said once: the answers themselves are unaffected. */
  private fail(error: unknown): void {
    if (this.broken) return;
    this.broken = true;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code !== undefined && STORAGE_ERROR_CODES.has(code) ? `${code}: the disk refused the write` : (error as Error).message;
    this.options.notice(`the local cache in ${this.options.paths.cache} could not be used (${why}); answers are not cached this time`);
  }
}

function toStored(entry: CacheEntry): StoredAnswer {
  return { status: entry.status, statusText: entry.status_text, headers: { ...entry.headers }, url: entry.url, raw: entry.body, storedAtMs: entry.stored_at };
}

/** The cache the API client is given, its TTLs read from the user's cache.ttl.* settings. */
export function openResponseCache(options: Omit<DiskResponseCacheOptions, 'ttlSeconds'>): ResponseCache {
  return new DiskResponseCache({ ...options, ttlSeconds: ttlSettings(options.paths) });
}

/** Whose cache events evict: a profile's, under trek's folders; its base URL's path is taken off event hrefs. */
export interface EvictionTarget {
  paths: TrekPaths;
  profile: string;
  baseUrl: string | undefined;
}

/** What an event's href reads: its path below the profile's base path, else the event's resource and id. */
function eventRead(event: Omit<WebhookEvent, 'id'>, basePath: string): CatalogueRead | undefined {
  const data: unknown = (event as { data?: unknown } | null)?.data;
  const href = typeof data === 'object' && data !== null ? (data as { href?: unknown }).href : undefined;
  if (typeof href === 'string') {
    let path: string | undefined;
    try {
      path = new URL(href, 'http://base.invalid').pathname;
    } catch {
      path = undefined;
    }
    if (path !== undefined) {
      if (basePath !== '' && (path === basePath || path.startsWith(`${basePath}/`))) path = path.slice(basePath.length);
      const read = catalogueRead(path);
      if (read !== undefined) return read;
    }
  }
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined;
  const resource = (event as { resource?: unknown } | null)?.resource;
  if (typeof resource === 'string' && typeof id === 'string' && (CACHE_KINDS as readonly string[]).includes(resource)) return { kind: resource as CacheKind, item: id };
  return undefined;
}

/**
 * Evicts, in the current profile's cache (every key's answers), the item each event names and
 * every cached list or search page of its kind — a departure whose availability changed shows
 * in the next `trek search departures`. Events about anything but the catalogue evict nothing.
 * Returns how many entries went.
 */
export function evictForEvents(target: EvictionTarget, events: readonly Omit<WebhookEvent, 'id'>[]): number {
  const basePath = target.baseUrl === undefined ? '' : new URL(target.baseUrl).pathname.replace(/\/+$/, '');
  const cache = profileCache(target.paths, target.profile);
  let removed = 0;
  for (const event of events) {
    const read = eventRead(event, basePath);
    if (read !== undefined) removed += cache.evictLists(read.kind, read.item);
  }
  return removed;
}

export interface CacheStatus extends CacheCounts {
  profile: string;
  folder: string;
  entries: number;
  bytes: number;
  /** Reads answered from the cache (with or without a revalidation) over all cached reads; null before any. */
  hit_rate: number | null;
}

/** Entries, bytes and counts of a profile's cache since it was last cleared. */
export function cacheStatus(paths: TrekPaths, profile: string): CacheStatus {
  const cache = profileCache(paths, profile);
  const files = cache.entries();
  const counts = cache.counts();
  const reads = counts.hits + counts.revalidated + counts.misses;
  return {
    profile,
    folder: cache.folder,
    entries: files.length,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    ...counts,
    hit_rate: reads === 0 ? null : (counts.hits + counts.revalidated) / reads,
  };
}

/** Removes a profile's cache (or every profile's); returns the entries and bytes that went. */
export function clearCache(paths: TrekPaths, scope: { profile: string } | 'all-profiles'): { entries: number; bytes: number } {
  checkPrivateFolders(paths, 'cache');
  const http = httpFolder(paths.cache);
  const caches = scope === 'all-profiles' ? listFolders(http).map((name) => new ProfileCache(join(http, name))) : [profileCache(paths, scope.profile)];
  let entries = 0;
  let bytes = 0;
  for (const cache of caches) {
    const files = cache.entries();
    entries += files.length;
    bytes += files.reduce((sum, file) => sum + file.size, 0);
    cache.clear();
  }
  return { entries, bytes };
}

function listFolders(dir: string): string[] {
  try {
    // A link in place of the folder is not followed: what it points at is not the cache.
    if (!lstatSync(dir).isDirectory()) return [];
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}
