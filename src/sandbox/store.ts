/**
 * The sandbox's state: typed collections in memory, and ONE place where they change —
 * `mutate(fn)`. A mutation runs alone (in-process queue + inter-process lock file), starts
 * from the newest snapshot on disk, rolls back if `fn` throws, persists atomically when it
 * returns, and then hands the events it emitted to listeners (webhooks later).
 *
 * The catalogue (departures, dossiers, …) is not state: it is regenerated deterministically
 * from (seed, size, epoch), which keeps start-up fast and the snapshot small.
 */
import { Clock, isoDateTime, startOfUtcDay, type DueHook } from './clock.js';
import { COLLECTION_NAMES, type BaseRecord, type CollectionName, type Collections, type State } from './model.js';
import { acquireLock, readSnapshot, removeOrphanTemps, sameStamp, stampOf, writeSnapshot, type FileStamp } from './persist.js';
import { Catalogue, seedState } from './seed.js';

export interface StoreEvent {
  type: string;
  id?: string;
  data?: unknown;
}

export interface StoreOptions {
  dataFile?: string;
  seed?: number;
  size?: number;
  now?: Date;
}

export const DEFAULT_SEED = 1;
export const DEFAULT_SIZE = 400;
export const MAX_SANDBOX_SIZE = 200_000;
export const MAX_SEED = 2 ** 31 - 1;

/** Numbering of new records per collection, so ids tell their kind apart at a glance. */
const ID_BASE: Record<CollectionName, number> = {
  agencies: 0,
  agents: 0,
  bookings: 200_000,
  customers: 300_000,
  services: 400_000,
  payments: 600_000,
  refunds: 610_000,
  invoices: 620_000,
  documents: 630_000,
  overrides: 640_000,
  flex_plan_addons: 650_000,
  travel_credits: 660_000,
};

type RecordOf<C extends CollectionName> = Collections[C][string];

/** What a mutation may do besides editing `state` directly. */
export class Transaction {
  readonly events: StoreEvent[] = [];
  constructor(
    private readonly state: State,
    readonly nowMs: number,
  ) {}

  get now(): string {
    return isoDateTime(this.nowMs);
  }

  emit(event: StoreEvent): void {
    this.events.push(event);
  }

  nextSeq(): number {
    return ++this.state.last_seq;
  }

  nextId(collection: CollectionName): string {
    const next = (this.state.last_id[collection] ?? ID_BASE[collection]) + 1;
    this.state.last_id[collection] = next;
    return String(next);
  }

  /** Adds a record with a fresh id, sequence and creation time; emits `<collection>.created`. */
  insert<C extends CollectionName>(collection: C, fields: Omit<RecordOf<C>, keyof BaseRecord>): RecordOf<C> {
    const record = { id: this.nextId(collection), seq: this.nextSeq(), date_created: this.now, ...fields } as RecordOf<C>;
    (this.state.collections[collection] as Record<string, RecordOf<C>>)[record.id] = record;
    this.emit({ type: `${collection}.created`, id: record.id });
    return record;
  }

  /** Deletes a record; emits `<collection>.deleted`. False when there was none. */
  remove(collection: CollectionName, id: string): boolean {
    const records = this.state.collections[collection] as Record<string, BaseRecord>;
    if (!(id in records)) return false;
    delete records[id];
    this.emit({ type: `${collection}.deleted`, id });
    return true;
  }
}

export function createState(seed: number, size: number, nowMs: number, offsetMs: number): State {
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
    collections: emptyCollections(),
  };
  seedState(state, new Transaction(state, nowMs));
  return state;
}

function emptyCollections(): Collections {
  return Object.fromEntries(COLLECTION_NAMES.map((name) => [name, {}])) as unknown as Collections;
}

/** Collections added by a later trek are missing from older snapshots of the same version. */
function completeState(state: State): State {
  for (const name of COLLECTION_NAMES) state.collections[name] ??= {} as never;
  state.last_id ??= {};
  return state;
}

export class Store {
  private current: State;
  private committedText: string;
  private stamp: FileStamp | null = null;
  private catalogueCache: Catalogue;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly hooks: DueHook[] = [];
  private readonly listeners: Array<(event: StoreEvent) => void> = [];
  readonly clock = new Clock(() => this.current.clock_offset_ms);

  private constructor(
    readonly dataFile: string | undefined,
    state: State,
  ) {
    this.current = completeState(state);
    this.committedText = JSON.stringify(state);
    this.catalogueCache = Catalogue.for(state);
  }

  /** Loads the snapshot (refusing an unknown version) or creates and persists a fresh one. */
  static async open(options: StoreOptions = {}): Promise<Store> {
    const seed = options.seed ?? DEFAULT_SEED;
    const size = options.size ?? DEFAULT_SIZE;
    const offsetMs = options.now ? options.now.getTime() - Date.now() : 0;
    const fresh = () => createState(seed, size, Date.now() + offsetMs, offsetMs);
    if (!options.dataFile) return new Store(undefined, fresh());

    removeOrphanTemps(options.dataFile);
    const existing = readSnapshot(options.dataFile);
    if (existing) {
      const store = new Store(options.dataFile, existing);
      store.stamp = stampOf(options.dataFile);
      return store;
    }
    const release = await acquireLock(options.dataFile);
    try {
      // Another process may have created it while we waited for the lock.
      const raced = readSnapshot(options.dataFile);
      const store = new Store(options.dataFile, raced ?? fresh());
      store.stamp = raced ? stampOf(options.dataFile) : writeSnapshot(options.dataFile, store.committedText);
      return store;
    } finally {
      release();
    }
  }

  /** The current state, reloaded first when another process changed the snapshot. */
  read(): State {
    if (this.dataFile) this.reloadIfChanged(this.dataFile);
    return this.current;
  }

  get catalogue(): Catalogue {
    return this.catalogueCache;
  }

  /**
   * Runs `fn` alone against the newest state and commits what it changed. `fn` must be
   * synchronous: nothing else may interleave between its reads and writes.
   */
  mutate<T>(fn: (state: State, tx: Transaction) => T): Promise<T> {
    const run = this.queue.then(() => this.runExclusive(fn));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async runExclusive<T>(fn: (state: State, tx: Transaction) => T): Promise<T> {
    const release = this.dataFile ? await acquireLock(this.dataFile) : () => undefined;
    let events: StoreEvent[];
    let result: T;
    try {
      if (this.dataFile) this.reloadIfChanged(this.dataFile);
      const tx = new Transaction(this.current, this.clock.nowMs());
      try {
        result = fn(this.current, tx);
        if (result instanceof Promise) {
          result.catch(() => undefined);
          throw new TypeError('store.mutate() needs a synchronous function: its reads and writes must not interleave with other requests');
        }
      } catch (err) {
        this.replaceState(JSON.parse(this.committedText) as State);
        throw err;
      }
      this.commit();
      events = tx.events;
    } finally {
      release();
    }
    for (const event of events) for (const listener of this.listeners) listener(event);
    return result;
  }

  private commit(): void {
    this.current.generation++;
    const text = JSON.stringify(this.current);
    if (this.dataFile) this.stamp = writeSnapshot(this.dataFile, text);
    this.committedText = text;
  }

  private reloadIfChanged(file: string): void {
    const stamp = stampOf(file);
    if (sameStamp(stamp, this.stamp)) return;
    const state = readSnapshot(file);
    this.stamp = stamp;
    // Removed underneath us: keep what we have; the next commit writes it back.
    if (state) {
      this.replaceState(state);
      this.committedText = JSON.stringify(state);
    }
  }

  private replaceState(state: State): void {
    const before = this.current;
    this.current = completeState(state);
    if (before.seed !== state.seed || before.size !== state.size || before.epoch !== state.epoch) {
      this.catalogueCache = Catalogue.for(state);
    }
  }

  /** Registers a rule that acts when the virtual clock passes a point (option expiry…). */
  addDueHook(hook: DueHook): void {
    this.hooks.push(hook);
  }

  onEvent(listener: (event: StoreEvent) => void): void {
    this.listeners.push(listener);
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

  /** Moves the virtual clock forward and runs what fell due. */
  advanceClock(ms: number): Promise<Date> {
    return this.moveClock((state) => state.clock_offset_ms + ms);
  }

  /** Sets the virtual clock (backwards too; hooks never undo what they did). */
  setClock(date: Date): Promise<Date> {
    return this.moveClock(() => date.getTime() - Date.now());
  }

  private moveClock(offset: (state: State) => number): Promise<Date> {
    return this.mutate((state, tx) => {
      state.clock_offset_ms = offset(state);
      const moved = new Transaction(state, this.clock.nowMs());
      this.runHooks(state, moved);
      for (const event of [{ type: 'clock.changed' }, ...moved.events]) tx.emit(event);
      return this.clock.now();
    });
  }

  /** Starts over with a fresh seed; the clock goes back to real time. */
  reset(options: { seed?: number; size?: number } = {}): Promise<void> {
    return this.mutate((state, tx) => {
      const fresh = createState(options.seed ?? state.seed, options.size ?? state.size, Date.now(), 0);
      fresh.generation = state.generation;
      this.replaceState(fresh);
      tx.emit({ type: 'sandbox.reset' });
    });
  }

  /** Resolves when every queued mutation has finished (for a clean close). */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }
}

/** Rewrites a data file with a fresh state, under the lock; refuses an unreadable one. */
export async function resetDataFile(dataFile: string, options: { seed?: number; size?: number } = {}): Promise<void> {
  const release = await acquireLock(dataFile);
  try {
    const existing = readSnapshot(dataFile); // throws for an unknown version: never overwritten
    const fresh = createState(options.seed ?? existing?.seed ?? DEFAULT_SEED, options.size ?? existing?.size ?? DEFAULT_SIZE, Date.now(), 0);
    fresh.generation = (existing?.generation ?? 0) + 1;
    writeSnapshot(dataFile, JSON.stringify(fresh));
  } finally {
    release();
  }
}

