/**
 * What one store mutation may do besides editing the state directly: number and insert
 * records, delete them, and emit events. The rules and the seeding (seed/) work through it; the
 * store (store.ts) runs each mutation with one and commits what it did.
 */
import { isoDateTime } from './clock.js';
import type { TouchedRecord } from './changes.js';
import type { BaseRecord, CollectionName, Collections, State } from './model.js';

export interface StoreEvent {
  type: string;
  id?: string;
  data?: unknown;
}

/** Numbering of new records per collection, so ids tell their kind apart at a glance. */
export const ID_BASE: Record<CollectionName, number> = {
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
  payment_links: 670_000,
  webhooks: 800_000,
  webhook_deliveries: 810_000,
};

type RecordOf<C extends CollectionName> = Collections[C][string];

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

/**
 * A rule that acts when the virtual clock passes a point (option expiry…): the store runs it
 * after the clock moves, and before a request is handled once it reports work due.
 */
export interface DueHook {
  name: string;
  /** Cheap check, called before requests: is there anything to do at `nowMs`? */
  isDue(state: State, nowMs: number): boolean;
  /** Does the work inside a store transaction. */
  run(state: State, nowMs: number, tx: Transaction): void;
}

/**
 * What runs after each successful mutation, inside it: it sees the records the mutation wrote
 * (with their values from before) and its events, and may write more (webhooks/emit.ts queues
 * the webhook events of the change).
 */
export type ChangeHook = (state: State, tx: Transaction, changed: readonly TouchedRecord[]) => void;
