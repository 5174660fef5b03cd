/**
 * The journal of a group import: what was asked of the API and what it acknowledged, one JSON
 * record a line, beside the manifest (`<manifest>.journal`) or at --journal. A record is
 * written (whole, in one write) before the request it announces and after the answer it keeps,
 * and a creation counts as done only once its record is on disk (fsync; appends made while a
 * sync runs share the next one). A re-run reads it to skip what exists; a request announced
 * but never answered (killed, connection lost) is looked for before anything is sent again.
 *
 * The journal is locked (util/lock.ts) for as long as an import runs: two imports of one
 * manifest cannot interleave their creations.
 */
import { closeSync, constants, fstatSync, fsync, ftruncateSync, openSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { UsageError } from '../../errors.js';
import { sanitize } from '../../output/sanitize.js';
import { fsyncDirSync, writeAllSync } from '../../util/atomic-write.js';
import { acquireFileLock, LockBusyError } from '../../util/lock.js';

const JOURNAL_VERSION = 1;

/** What the import is for: a re-run must be the same import. */
export interface ImportHeader {
  t: 'import';
  v: number;
  departure: string;
  /** The booking given with --booking; absent for --new-booking (its id comes in a `booking` record). */
  booking?: string;
  /** --new-booking's currency. */
  currency?: string;
}

export type JournalRecord =
  | ImportHeader
  /** A new booking is about to be asked for, with this external_id to find it by if its answer is lost. */
  | { t: 'booking-sent'; external_id: string }
  | { t: 'booking'; id: string }
  | { t: 'sent'; line: number; digest: string }
  | { t: 'created'; line: number; digest: string; customer: string; found?: boolean }
  /** The API refused the row (4xx): nothing was created, and the row may be corrected. */
  | { t: 'rejected'; line: number; digest: string }
  | { t: 'service-sent'; customers: string[] }
  | { t: 'service'; id: string; customers: string[] };

export interface LineState {
  digest: string;
  state: 'sent' | 'created' | 'rejected';
  customer?: string;
}

export interface JournalState {
  header?: ImportHeader;
  booking?: string;
  /** The external_id of a booking asked for whose answer is not in the journal. */
  bookingSent?: string;
  lines: Map<number, LineState>;
  /** Customers of a departure service asked for whose answer is not in the journal. */
  serviceSent?: string[];
  /** Departure services added, in order (a re-run with travellers added at the end adds another for them). */
  services: Array<{ id: string; customers: string[] }>;
}

export function emptyState(): JournalState {
  return { lines: new Map(), services: [] };
}

function apply(state: JournalState, record: JournalRecord): void {
  switch (record.t) {
    case 'import':
      state.header = record;
      if (record.booking !== undefined) state.booking = record.booking;
      break;
    case 'booking-sent':
      state.bookingSent = record.external_id;
      break;
    case 'booking':
      state.booking = record.id;
      state.bookingSent = undefined;
      break;
    case 'sent':
      state.lines.set(record.line, { digest: record.digest, state: 'sent' });
      break;
    case 'created':
      state.lines.set(record.line, { digest: record.digest, state: 'created', customer: record.customer });
      break;
    case 'rejected':
      state.lines.set(record.line, { digest: record.digest, state: 'rejected' });
      break;
    case 'service-sent':
      state.serviceSent = record.customers;
      break;
    case 'service':
      state.services.push({ id: record.id, customers: record.customers });
      state.serviceSent = undefined;
      break;
  }
}

const KNOWN = new Set(['import', 'booking-sent', 'booking', 'sent', 'created', 'rejected', 'service-sent', 'service']);

function isRecord(value: unknown): value is JournalRecord {
  if (value === null || typeof value !== 'object' || !KNOWN.has((value as { t?: unknown }).t as string)) return false;
  const r = value as Record<string, unknown>;
  const text = (key: string) => typeof r[key] === 'string' && r[key] !== '';
  const line = Number.isSafeInteger(r.line) && (r.line as number) > 0;
  switch (r.t) {
    case 'import':
      return r.v === JOURNAL_VERSION && text('departure');
    case 'booking-sent':
      return text('external_id');
    case 'booking':
      return text('id');
    case 'sent':
    case 'rejected':
      return line && text('digest');
    case 'created':
      return line && text('digest') && text('customer');
    case 'service-sent':
      return Array.isArray(r.customers);
    case 'service':
      return text('id') && Array.isArray(r.customers);
  }
  return false;
}

/**
 * The records of a journal's text. A last line without its line break is a write cut short by
 * a kill: it was never acknowledged, and is dropped (`keepBytes` says how much is whole). Any
 * other unreadable line means the file is not this import's journal.
 */
export function readJournal(file: string, text: string): { state: JournalState; keepBytes: number } {
  const state = emptyState();
  const complete = text.lastIndexOf('\n') + 1;
  const lines = text.slice(0, complete).split('\n').slice(0, -1);
  lines.forEach((line, index) => {
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      record = undefined;
    }
    if (!isRecord(record) || (index === 0) !== (record.t === 'import')) {
      throw new UsageError(`${sanitize(file)} is not a trek group import journal (line ${index + 1} is not one of its records)`, 'Give another file with --journal, or move this one away.', {
        field: '--journal',
      });
    }
    apply(state, record);
  });
  return { state, keepBytes: Buffer.byteLength(text.slice(0, complete), 'utf8') };
}

const fsyncAsync = promisify(fsync);

export class Journal {
  readonly state: JournalState;
  private pending: Promise<void> | undefined;
  private syncing: Promise<void> = Promise.resolve();

  private constructor(
    readonly file: string,
    private readonly fd: number,
    private readonly release: () => void,
    state: JournalState,
  ) {
    this.state = state;
  }

  /** Opens (or creates) the journal and locks it; a UsageError when another import holds it. */
  static async open(file: string): Promise<Journal> {
    let release: () => void;
    try {
      release = await acquireFileLock(file, { waitMs: 0 });
    } catch (error) {
      if (!(error instanceof LockBusyError)) throw error;
      const holder = error.holderPid === null ? 'another process' : `process ${error.holderPid}`;
      throw new UsageError(
        `another import is running with the journal ${sanitize(file)} (${holder}); two imports of one manifest cannot run at once`,
        'Wait for it to finish, or stop it; it can be run again afterwards.',
        { field: '--journal' },
      );
    }
    try {
      const fd = openSync(file, constants.O_RDWR | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW, 0o600);
      try {
        if (!fstatSync(fd).isFile()) throw new UsageError(`${sanitize(file)} is not a file`, undefined, { field: '--journal' });
        const text = readFileSync(fd, 'utf8');
        const { state, keepBytes } = readJournal(file, text);
        if (keepBytes < Buffer.byteLength(text, 'utf8')) ftruncateSync(fd, keepBytes);
        if (text === '') fsyncDirSync(dirname(file));
        return new Journal(file, fd, release, state);
      } catch (error) {
        closeSync(fd);
        throw error;
      }
    } catch (error) {
      release();
      throw error;
    }
  }

  /**
   * Writes the record at once (a kill after this keeps it) and resolves once it is durable.
   * Appends made while an fsync runs are covered by the next one, shared by all of them.
   */
  append(record: JournalRecord): Promise<void> {
    writeAllSync(this.fd, Buffer.from(`${JSON.stringify(record)}\n`, 'utf8'));
    apply(this.state, record);
    this.pending ??= this.syncing.then(() => {
      this.pending = undefined;
      this.syncing = fsyncAsync(this.fd);
      return this.syncing;
    });
    return this.pending;
  }

  async close(): Promise<void> {
    try {
      await this.pending;
      await this.syncing;
    } finally {
      closeSync(this.fd);
      this.release();
    }
  }
}
