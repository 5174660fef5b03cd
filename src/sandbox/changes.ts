/**
 * What one mutation changed, found without serialising the whole state: the function given to
 * `store.mutate()` sees the state through proxies that note every write and keep, at the first
 * write to a record (or a top-level field), its text from before. From that the store rolls a
 * failed mutation back and journals exactly the records that changed (persist.ts) — so a write
 * costs what it touches, not what the sandbox holds.
 *
 * Reads through the proxies are plain reads; nothing is copied until something is written.
 * Values written are stored without proxies, so the state itself never holds one.
 */
import type { State } from './model.js';

/** A record of a collection, or a top-level field of the state other than `collections`. */
export type Owner = { kind: 'record'; collection: string; id: string } | { kind: 'field'; name: string };

interface Touched {
  owner: Owner;
  /** JSON text from before the first write; undefined when it did not exist. */
  before: string | undefined;
}

/** The journal's unit: final records (null = deleted) and top-level fields (unset listed). */
export interface ChangeEntry {
  c?: Record<string, Record<string, unknown>>;
  f?: Record<string, unknown>;
  u?: string[];
}

/** A record one mutation wrote to: where it is, and what it held before. */
export interface TouchedRecord {
  collection: string;
  id: string;
  before(): unknown;
}

const rawOf = new WeakMap<object, object>();

/** The object behind a proxy of this module, or the value itself; plain containers are cleaned in place. */
function unwrap(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const raw = rawOf.get(value);
  if (raw) return raw;
  const target = value as Record<string, unknown>;
  for (const key of Object.keys(target)) {
    const child = target[key];
    if (typeof child === 'object' && child !== null) {
      const cleaned = unwrap(child);
      if (cleaned !== child) target[key] = cleaned;
    }
  }
  return value;
}

export class ChangeSet {
  private readonly touched = new Map<string, Touched>();
  /** A whole collection (or `collections` itself) was replaced: only a full snapshot says that. */
  wholeStateChanged = false;

  constructor(private readonly root: State) {}

  get size(): number {
    return this.touched.size;
  }

  /** Notes a write to `owner`, keeping its text from before the first one. */
  note(key: string, owner: Owner): void {
    if (this.touched.has(key)) return;
    const current = valueOf(this.root, owner);
    this.touched.set(key, { owner, before: current === undefined ? undefined : JSON.stringify(current) });
  }

  /** Puts every touched record and field back as it was before this change set's first write. */
  rollback(): void {
    for (const { owner, before } of this.touched.values()) {
      const value = before === undefined ? undefined : (JSON.parse(before) as unknown);
      if (owner.kind === 'record') {
        const records = (this.root.collections as unknown as Record<string, Record<string, unknown>>)[owner.collection];
        if (!records) continue;
        if (value === undefined) delete records[owner.id];
        else records[owner.id] = value;
      } else if (value === undefined) {
        delete (this.root as unknown as Record<string, unknown>)[owner.name];
      } else {
        (this.root as unknown as Record<string, unknown>)[owner.name] = value;
      }
    }
  }

  /** Adds `later`'s owners to this set, keeping this set's (earlier) before-texts. */
  absorb(later: ChangeSet): void {
    for (const [key, touched] of later.touched) if (!this.touched.has(key)) this.touched.set(key, touched);
    this.wholeStateChanged ||= later.wholeStateChanged;
  }

  /** The records touched so far, each with its value from before the first write (undefined: it did not exist), parsed on demand. */
  records(): TouchedRecord[] {
    const records: TouchedRecord[] = [];
    for (const { owner, before } of this.touched.values()) {
      if (owner.kind !== 'record') continue;
      records.push({ collection: owner.collection, id: owner.id, before: () => (before === undefined ? undefined : (JSON.parse(before) as unknown)) });
    }
    return records;
  }

  /** The touched records and fields as they are now, for the journal. */
  entry(): ChangeEntry {
    const entry: ChangeEntry = {};
    for (const { owner } of this.touched.values()) {
      const value = valueOf(this.root, owner);
      if (owner.kind === 'record') {
        ((entry.c ??= {})[owner.collection] ??= {})[owner.id] = value ?? null;
      } else if (value === undefined) {
        (entry.u ??= []).push(owner.name);
      } else {
        (entry.f ??= {})[owner.name] = value;
      }
    }
    return entry;
  }

  /** `root` seen through proxies that report every write to this change set. */
  track(): State {
    const proxies = new WeakMap<object, object>();
    const wrap = (target: object, handler: ProxyHandler<object>): object => {
      let proxy = proxies.get(target);
      if (!proxy) {
        proxy = new Proxy(target, handler);
        proxies.set(target, proxy);
        rawOf.set(proxy, target);
      }
      return proxy;
    };
    const handlers = new Map<string, ProxyHandler<object>>();
    /** Everything below a record or a field reports writes to that owner. */
    const ownedBy = (key: string, owner: Owner): ProxyHandler<object> => {
      /* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument --
         Proxy traps hand on whatever the state holds, untouched: Reflect types those values any. */
      let handler = handlers.get(key);
      if (!handler) {
        const mark = () => this.note(key, owner);
        handler = {
          get: (target, property) => {
            const value = Reflect.get(target, property);
            // A frozen object's members must come back as they are (a proxy invariant).
            return typeof value === 'object' && value !== null && !Object.isFrozen(target) ? wrap(value, handler!) : value;
          },
          set: (target, property, value) => {
            mark();
            return Reflect.set(target, property, unwrap(value));
          },
          deleteProperty: (target, property) => {
            mark();
            return Reflect.deleteProperty(target, property);
          },
          defineProperty: (target, property, descriptor) => {
            mark();
            return Reflect.defineProperty(target, property, 'value' in descriptor ? { ...descriptor, value: unwrap(descriptor.value) } : descriptor);
          },
        };
        handlers.set(key, handler);
      }
      return handler;
    };
    const wholeState = (): true => {
      this.wholeStateChanged = true;
      return true;
    };
    const collectionHandler = (collection: string): ProxyHandler<object> => ({
      get: (target, id) => {
        const value = Reflect.get(target, id);
        if (typeof id !== 'string' || typeof value !== 'object' || value === null) return value;
        return wrap(value, ownedBy(`r\0${collection}\0${id}`, { kind: 'record', collection, id }));
      },
      set: (target, id, value) => {
        if (typeof id === 'string') this.note(`r\0${collection}\0${id}`, { kind: 'record', collection, id });
        else wholeState();
        return Reflect.set(target, id, unwrap(value));
      },
      deleteProperty: (target, id) => {
        if (typeof id === 'string') this.note(`r\0${collection}\0${id}`, { kind: 'record', collection, id });
        else wholeState();
        return Reflect.deleteProperty(target, id);
      },
      defineProperty: (target, id, descriptor) => wholeState() && Reflect.defineProperty(target, id, descriptor),
    });
    const collectionsHandler: ProxyHandler<object> = {
      get: (target, name) => {
        const value = Reflect.get(target, name);
        if (typeof name !== 'string' || typeof value !== 'object' || value === null) return value;
        return wrap(value, collectionHandlers(name));
      },
      set: (target, name, value) => wholeState() && Reflect.set(target, name, unwrap(value)),
      deleteProperty: (target, name) => wholeState() && Reflect.deleteProperty(target, name),
      defineProperty: (target, name, descriptor) => wholeState() && Reflect.defineProperty(target, name, descriptor),
    };
    const perCollection = new Map<string, ProxyHandler<object>>();
    const collectionHandlers = (name: string) => {
      let handler = perCollection.get(name);
      if (!handler) perCollection.set(name, (handler = collectionHandler(name)));
      return handler;
    };
    const fieldOwner = (name: string): [string, Owner] => [`f\0${name}`, { kind: 'field', name }];
    const stateHandler: ProxyHandler<object> = {
      get: (target, name) => {
        const value = Reflect.get(target, name);
        if (typeof name !== 'string' || typeof value !== 'object' || value === null) return value;
        if (name === 'collections') return wrap(value, collectionsHandler);
        return wrap(value, ownedBy(...fieldOwner(name)));
      },
      set: (target, name, value) => {
        if (name === 'collections' || typeof name !== 'string') wholeState();
        else this.note(...fieldOwner(name));
        return Reflect.set(target, name, unwrap(value));
      },
      deleteProperty: (target, name) => {
        if (name === 'collections' || typeof name !== 'string') wholeState();
        else this.note(...fieldOwner(name));
        return Reflect.deleteProperty(target, name);
      },
      defineProperty: (target, name, descriptor) => wholeState() && Reflect.defineProperty(target, name, descriptor),
    };
    return wrap(this.root, stateHandler) as State;
  }
}

function valueOf(root: State, owner: Owner): unknown {
  if (owner.kind === 'field') return (root as unknown as Record<string, unknown>)[owner.name];
  return (root.collections as unknown as Record<string, Record<string, unknown> | undefined>)[owner.collection]?.[owner.id];
}

/** Applies a journal entry to `state` in place. */
export function applyEntry(state: State, entry: ChangeEntry): void {
  const collections = state.collections as unknown as Record<string, Record<string, unknown>>;
  for (const [collection, records] of Object.entries(entry.c ?? {})) {
    const target = (collections[collection] ??= {});
    for (const [id, record] of Object.entries(records)) {
      if (record === null) delete target[id];
      else target[id] = record;
    }
  }
  const fields = state as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(entry.f ?? {})) fields[name] = value;
  for (const name of entry.u ?? []) delete fields[name];
}
