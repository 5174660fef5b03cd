/**
 * The sandbox's state: typed collections in memory, and ONE place where they change —
 * `mutate(fn)`. Mutations run one at a time (in-process queue + inter-process lock file),
 * start from the newest state on disk, roll back if `fn` throws, and are durable on disk
 * before their promise resolves; then the events they emitted go to listeners (webhooks later).
 *
 * Mutations queued while one is being written are committed together: one lock, one journal
 * line, one fsync for all of them (group commit). `fn` sees the state through change-tracking
 * proxies (changes.ts), so only the records it changed are written (persist.ts).
 *
 * The catalogue (departures, dossiers, …) is not state: it is regenerated deterministically
 * from (seed, size, epoch), which keeps start-up fast and the snapshot small.
 */
import { ChangeSet } from './changes.js';
import { Clock, isoDateTime, startOfUtcDay } from './clock.js';
import { DamagedSnapshotError } from './errors.js';
import { COLLECTION_NAMES, type BaseRecord, type BookingRecord, type Collections, type State } from './model.js';
import { DataFile, type SnapshotLimits } from './persist.js';
import { Catalogue } from './catalogue/index.js';
import { seedState } from './seed/index.js';
import { upgradeLegacyAvailability } from './rules/places.js';
import { ensureStoreKeys, storeKeysOf, type StoreKeys } from './keys.js';
import { ID_BASE, Transaction, type ChangeHook, type DueHook, type StoreEvent } from './transaction.js';

/** What moving the clock did: the new time and the events of what fell due. */
export interface ClockMove {
  now: Date;
  events: readonly StoreEvent[];
}

export interface StoreOptions {
  dataFile?: string;
  seed?: number;
  size?: number;
  /** The virtual clock of a new store (the seed's dates follow it); default the real time. */
  now?: Date;
  /** How long a write waits for another process holding the data file's lock; default TREK_LOCK_WAIT_MS, else 20 s. */
  lockWaitMs?: number;
  /** Journal size that makes a writer fold it into the snapshot; default the larger of 1 MiB and the snapshot. */
  journalCompactBytes?: number;
}

/** A fresh state in place of the old: another seed or size, and the clock at `now` (default the real time). */
export interface ResetOptions {
  seed?: number;
  size?: number;
  now?: Date;
}

/** The virtual clock's offset from real time that puts "now" at `now`. */
function clockOffset(now: Date | undefined): number {
  return now ? now.getTime() - Date.now() : 0;
}

/**
 * How `GET /bookings/<id>/<name>` lists one of a booking's nested collections. The area that
 * owns the collection supplies it (routes/index.ts), so the booking routes need not know them.
 */
export interface BookingCollection {
  records(state: State, booking: BookingRecord): BaseRecord[];
  render(state: State, record: BaseRecord): object;
}

export const DEFAULT_SEED = 1;
export const DEFAULT_SIZE = 400;
export const MAX_SANDBOX_SIZE = 200_000;
export const MAX_SEED = 2 ** 31 - 1;

/** A fresh state; `keys` carries a store's keys over a reset (omitted: new random ones). */
export function createState(seed: number, size: number, nowMs: number, offsetMs: number, keys?: StoreKeys): State {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) throw new RangeError(`sandbox seed must be an integer from 0 to ${MAX_SEED} (got ${seed})`);
  if (!Number.isInteger(size) || size < 1 || size > MAX_SANDBOX_SIZE) throw new RangeError(`sandbox size must be an integer from 1 to ${MAX_SANDBOX_SIZE} (got ${size})`);
  const state: State = {
    version: 1,
    seed,
    size,
    epoch: isoDateTime(startOfUtcDay(nowMs)),
    clock_offset_ms: offsetMs,
    generation: 0,
    last_seq: 0,
    last_id: {},
    operator_key: '',
    collections: emptyCollections(),
  };
  seedState(state, new Transaction(state, nowMs), keys);
  return state;
}

function emptyCollections(): Collections {
  return Object.fromEntries(COLLECTION_NAMES.map((name) => [name, {}])) as unknown as Collections;
}

/** What a snapshot must respect to be loaded (persist.ts checks it). */
const SNAPSHOT_LIMITS: SnapshotLimits = { maxSeed: MAX_SEED, maxSize: MAX_SANDBOX_SIZE, idBase: ID_BASE };

/**
 * Collections added by a later trek are missing from older snapshots of the same version.
 * True when it changed what must be on disk (new keys for an old snapshot).
 */
function completeState(state: State): boolean {
  for (const name of COLLECTION_NAMES) state.collections[name] ??= {} as never;
  state.last_id ??= {};
  const upgraded = upgradeLegacyAvailability(state);
  return ensureStoreKeys(state) || upgraded;
}

interface Pending {
  fn: (state: State, tx: Transaction) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class Store {
  private current: State;
  private catalogueCache: Catalogue;
  private pending: Pending[] = [];
  private draining: Promise<void> | null = null;
  /** The next commit writes a whole snapshot: memory holds what no journal line says (new keys). */
  private wholeSnapshotDue = false;
  private readonly hooks: DueHook[] = [];
  private readonly changeHooks: ChangeHook[] = [];
  private readonly bookingCollections = new Map<string, BookingCollection>();
  private readonly listeners: Array<(event: StoreEvent) => void> = [];
  readonly clock = new Clock(() => this.current.clock_offset_ms);

  private constructor(
    private readonly file: DataFile | undefined,
    state: State,
  ) {
    this.wholeSnapshotDue = completeState(state);
    this.current = state;
    this.catalogueCache = Catalogue.for(state);
  }

  /** The snapshot file, when the state is persisted. */
  get dataFile(): string | undefined {
    return this.file?.file;
  }

  /** Loads the snapshot and its journal (refusing damage and unknown versions) or creates and persists a fresh one. */
  static async open(options: StoreOptions = {}): Promise<Store> {
    const seed = options.seed ?? DEFAULT_SEED;
    const size = options.size ?? DEFAULT_SIZE;
    const offsetMs = clockOffset(options.now);
    const fresh = () => createState(seed, size, Date.now() + offsetMs, offsetMs);
    if (!options.dataFile) return new Store(undefined, fresh());

    const file = new DataFile(options.dataFile, SNAPSHOT_LIMITS, { lockWaitMs: options.lockWaitMs, compactBytes: options.journalCompactBytes });
    const existing = file.load();
    if (existing) {
      const store = new Store(file, existing);
      // New random keys replaced an old snapshot's guessable ones: on disk at once, so every process agrees.
      if (store.wholeSnapshotDue) await store.mutate(() => undefined);
      return store;
    }
    const release = await file.lock();
    try {
      // Another process may have created it while we waited for the lock.
      const raced = file.load();
      const store = new Store(file, raced ?? fresh());
      if (!raced || store.wholeSnapshotDue) file.writeSnapshot(store.current);
      store.wholeSnapshotDue = false;
      return store;
    } finally {
      release();
    }
  }

  /** The current state, with what other processes committed since applied first. */
  read(): State {
    if (this.file) this.catchUp(false);
    return this.current;
  }

  get catalogue(): Catalogue {
    return this.catalogueCache;
  }

  /**
   * Runs `fn` alone against the newest state and commits what it changed; resolves once that
   * is on disk. `fn` must be synchronous: nothing else may interleave between its reads and writes.
   */
  mutate<T>(fn: (state: State, tx: Transaction) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      this.drain();
    });
  }

  private drain(): void {
    if (this.draining) return;
    this.draining = (async () => {
      while (this.pending.length > 0) {
        // One turn of the event loop lets every request that has arrived reach mutate(): they share the commit.
        await nextTurn();
        await this.runBatch();
      }
    })().finally(() => {
      this.draining = null;
      if (this.pending.length > 0) this.drain();
    });
  }

  /** Runs what is pending under one lock and commits it with one write; each caller gets its own result or error. */
  private async runBatch(): Promise<void> {
    let release = () => {};
    if (this.file) {
      try {
        release = await this.file.lock();
      } catch (error) {
        for (const item of this.pending.splice(0)) item.reject(error);
        return;
      }
    }
    const batch = this.pending.splice(0);
    try {
      const done = this.runAll(batch);
      if (done.length === 0) return;
      for (const { events, item, result } of done) {
        for (const event of events) for (const listener of this.listeners) listener(event);
        item.resolve(result);
      }
      if (this.file?.wantsCompaction) {
        await nextTurn(); // the answers go out first
        this.file.compact(this.current);
      }
    } catch (error) {
      for (const item of batch) item.reject(error);
    } finally {
      release();
    }
  }

  /**
   * Runs each function against the state (rolling back the one that throws, which gets its
   * error), then commits all that succeeded. A failed commit rolls them all back and throws.
   */
  private runAll(batch: Pending[]): Array<{ item: Pending; result: unknown; events: StoreEvent[] }> {
    if (this.file) this.catchUp(true);
    const root = this.current;
    const changes = new ChangeSet(root);
    const done: Array<{ item: Pending; result: unknown; events: StoreEvent[] }> = [];
    for (const item of batch) {
      const start = this.current;
      const own = new ChangeSet(start);
      const state = own.track();
      const tx = new Transaction(state, this.clock.nowMs());
      try {
        const result = item.fn(state, tx);
        if (result instanceof Promise) {
          result.catch(() => undefined);
          throw new TypeError('store.mutate() needs a synchronous function: its reads and writes must not interleave with other requests');
        }
        // What a change sets off (webhook events into the outbox) commits with it, or not at all.
        if (this.current === start) for (const hook of this.changeHooks) hook(state, tx, own.records());
        if (start === root) changes.absorb(own);
        done.push({ item, result, events: tx.events });
      } catch (error) {
        own.rollback();
        if (this.current !== start) this.replaceState(start);
        item.reject(error);
      }
    }
    const whole = this.current !== root || changes.wholeStateChanged || this.wholeSnapshotDue;
    if (done.length === 0 || (changes.size === 0 && !whole)) return done;
    const generation = root.generation;
    this.current.generation++;
    if (!this.file) return done;
    try {
      if (whole) this.file.writeSnapshot(this.current);
      else this.file.commit(this.current, changes.entry());
      this.wholeSnapshotDue = false;
    } catch (error) {
      // Back to the last durable state: nothing of this batch happened.
      changes.rollback();
      root.generation = generation;
      if (this.current !== root) this.replaceState(root);
      throw error;
    }
    return done;
  }

  /** Applies what other processes committed (under the lock too: then it is everything). */
  private catchUp(locked: boolean): void {
    const next = this.file!.catchUp(this.current, locked);
    if (next !== this.current) this.replaceState(next);
  }

  private replaceState(state: State): void {
    const before = this.current;
    if (completeState(state)) this.wholeSnapshotDue = true;
    this.current = state;
    if (before.seed !== state.seed || before.size !== state.size || before.epoch !== state.epoch) {
      this.catalogueCache = Catalogue.for(state);
    }
  }

  /** Registers a rule that acts when the virtual clock passes a point (option expiry…). */
  addDueHook(hook: DueHook): void {
    this.hooks.push(hook);
  }

  /** Registers what runs after every successful mutation, inside it, with the records it wrote. */
  addChangeHook(hook: ChangeHook): void {
    this.changeHooks.push(hook);
  }

  /** Says how the booking's nested collection `name` is listed; one per name, first come. */
  addBookingCollection(name: string, collection: BookingCollection): void {
    if (this.bookingCollections.has(name)) throw new Error(`two areas list the booking collection ${name}`);
    this.bookingCollections.set(name, collection);
  }

  /** How `name` is listed; undefined for a collection no area fills (listed empty). */
  bookingCollection(name: string): BookingCollection | undefined {
    return this.bookingCollections.get(name);
  }

  /** Calls `listener` with each event of each committed mutation; returns what stops it. */
  onEvent(listener: (event: StoreEvent) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** Runs the due hooks when one of them reports work; cheap when none does. */
  async runDueHooks(): Promise<void> {
    if (this.hooks.length === 0) return;
    const nowMs = this.clock.nowMs();
    const state = this.read();
    if (!this.hooks.some((hook) => hook.isDue(state, nowMs))) return;
    await this.mutate((s, tx) => this.runHooks(s, tx));
  }

  private runHooks(state: State, tx: Transaction): void {
    for (const hook of this.hooks) if (hook.isDue(state, tx.nowMs)) hook.run(state, tx.nowMs, tx);
  }

  /** Moves the virtual clock forward and runs what fell due; the events are what the move did. */
  advanceClock(ms: number): Promise<ClockMove> {
    return this.moveClock((state) => state.clock_offset_ms + ms);
  }

  /** Sets the virtual clock (backwards too; hooks never undo what they did). */
  setClock(date: Date): Promise<ClockMove> {
    return this.moveClock(() => date.getTime() - Date.now());
  }

  private moveClock(offset: (state: State) => number): Promise<ClockMove> {
    return this.mutate((state, tx) => {
      state.clock_offset_ms = offset(state);
      const moved = new Transaction(state, this.clock.nowMs());
      this.runHooks(state, moved);
      for (const event of [{ type: 'clock.changed' }, ...moved.events]) tx.emit(event);
      return { now: this.clock.now(), events: moved.events };
    });
  }

  /** Starts over with a fresh seed; the clock goes back to real time (or to `now`); the keys stay. */
  reset(options: ResetOptions = {}): Promise<void> {
    return this.mutate((state, tx) => {
      const offsetMs = clockOffset(options.now);
      const fresh = createState(options.seed ?? state.seed, options.size ?? state.size, Date.now() + offsetMs, offsetMs, storeKeysOf(state));
      fresh.generation = state.generation;
      this.replaceState(fresh);
      tx.emit({ type: 'sandbox.reset' });
    });
  }

  /** Resolves when every queued mutation has finished (for a clean close). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }
}

/**
 * Rewrites a data file with a fresh state, under the lock. Refuses a snapshot of an unknown
 * version; a damaged one (and its journal) is kept beside it as `*.damaged-<time>`.
 */
export async function resetDataFile(dataFile: string, options: ResetOptions = {}): Promise<{ damagedKeptAs?: string }> {
  const file = new DataFile(dataFile, SNAPSHOT_LIMITS);
  const release = await file.lock();
  try {
    let existing: State | null = null;
    let isDamaged = false;
    try {
      existing = file.load(); // throws for an unknown version: never overwritten
    } catch (error) {
      if (!(error instanceof DamagedSnapshotError)) throw error;
      isDamaged = true;
    }
    const keys = existing?.operator_key ? storeKeysOf(existing) : undefined;
    const offsetMs = clockOffset(options.now);
    const fresh = createState(options.seed ?? existing?.seed ?? DEFAULT_SEED, options.size ?? existing?.size ?? DEFAULT_SIZE, Date.now() + offsetMs, offsetMs, keys);
    fresh.generation = (existing?.generation ?? 0) + 1;
    const damagedKeptAs = isDamaged ? file.setAside() : undefined;
    file.writeSnapshot(fresh);
    return damagedKeptAs === undefined ? {} : { damagedKeptAs };
  } finally {
    release();
  }
}
