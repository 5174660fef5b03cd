/**
 * The data file: a snapshot of the whole state and, beside it, an append-only journal of what
 * changed since (`<file>.journal`). A change is one journal line, written and fsync'd before
 * the request that made it is answered; now and then the journal is folded into a new snapshot.
 * So a write costs what it changed, not the size of the state.
 *
 * Several processes share one data file (every embedded sandbox of every trek command, plus any
 * `trek sandbox serve`): writers take `<file>.lock` (src/util/lock.ts), catch up with what the
 * others appended, append, release. Readers catch up without the lock.
 *
 * Journal lines are `<crc32 hex> <json>\n`. The first is a header naming the snapshot it
 * continues (the snapshot's `journal_id`); each record holds the generation it makes and the
 * checksum of the line before, so a reader notices a journal that is not the one it read. A
 * last line without its newline is an append cut short (a killed writer) and is ignored — the
 * next writer cuts it off. A line that fails its checksum, a snapshot that fails validation, or
 * a journal that does not continue its snapshot is damage: refused, naming the file, never
 * replaced except by an explicit reset (which keeps it beside, renamed).
 *
 * Folding the journal: the new snapshot (new `journal_id`) is written atomically, then an empty
 * journal replaces the old. A crash between the two leaves a journal naming the previous
 * snapshot, which is ignored: everything in it is in the new snapshot.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fdatasyncSync, fstatSync, ftruncateSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
// CRC-32 as zlib computes it, without loading node:zlib (1-2 ms of every embedded command) for it.
import { buf as crc32 } from 'crc-32';
import { isAtomicTempOf, STORAGE_ERROR_CODES, writeAllSync, writeFileAtomicSync } from '../util/atomic-write.js';
import { acquireFileLock, LockBusyError, lockWaitFromEnv } from '../util/lock.js';
import { unsafeOwnership } from '../util/ownership.js';
import { shellWord } from '../util/shell.js';
import { applyEntry, type ChangeEntry } from './changes.js';
import { DamagedSnapshotError, SnapshotError } from './errors.js';
import { AVAILABILITY_STATUSES, type FaultRecord, type FaultState, type State } from './model.js';

const isCountOrNull = (value: unknown) => value === null || (Number.isInteger(value) && (value as number) >= 0);

/** A snapshot's `faults` is usable: a damaged one is refused like any other member. */
function isFaultState(value: unknown): value is FaultState {
  if (typeof value !== 'object' || value === null) return false;
  const { last_id: lastId, list } = value as Record<string, unknown>;
  return (
    Number.isInteger(lastId) &&
    Array.isArray(list) &&
    list.every((fault) => {
      const f = fault as Partial<FaultRecord> | null;
      return (
        typeof f === 'object' &&
        f !== null &&
        typeof f.id === 'string' &&
        typeof f.path === 'string' &&
        (f.method === null || typeof f.method === 'string') &&
        [f.status, f.count, f.remaining, f.retry_after, f.delay_ms].every(isCountOrNull) &&
        (f.rate === null || typeof f.rate === 'number') &&
        typeof f.drop === 'boolean'
      );
    })
  );
}

export const SNAPSHOT_VERSION = 1;
const JOURNAL_VERSION = 1;
/** By default a journal is folded into the snapshot once it outgrows both this and the snapshot. */
const COMPACT_MIN_BYTES = 1024 * 1024;

/** What a valid snapshot must respect; given by the store, which owns these numbers. */
export interface SnapshotLimits {
  maxSeed: number;
  maxSize: number;
  /** Ids of new records start above these, per collection (store.ts ID_BASE). */
  idBase: Readonly<Record<string, number>>;
}

/** How long a writer waits for the lock (TREK_LOCK_WAIT_MS, else 20 s); a bad value refuses the data file's use, naming the variable. */
function snapshotLockWait(): number {
  try {
    return lockWaitFromEnv(process.env);
  } catch (error) {
    throw new SnapshotError((error as Error).message);
  }
}

/** Identity of a file's content: a rename gives a new inode, a write changes size or mtime. */
interface FileStamp {
  ino: number;
  size: number;
  mtimeMs: number;
}

function stampOf(file: string): FileStamp | null {
  try {
    const s = statSync(file);
    return { ino: s.ino, size: s.size, mtimeMs: s.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SnapshotError(`cannot read the sandbox snapshot ${file}: ${(error as Error).message}`);
  }
}

function sameStamp(a: FileStamp | null, b: FileStamp | null): boolean {
  return a === b || (a !== null && b !== null && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs);
}

/**
 * The data file, its journal and its lock must be the user's own and writable by no one else
 * (as config.json): another user's store would hand over its keys and take this user's
 * customers into their journal. Checked whenever the files are (re)read; a missing one is fine.
 */
function checkOwnership(dataFile: string): void {
  for (const [file, what] of [
    [dataFile, 'data file'],
    [`${dataFile}.journal`, 'journal'],
    [`${dataFile}.lock`, 'lock'],
  ] as const) {
    let stats;
    try {
      stats = lstatSync(file);
    } catch {
      continue; // missing is fine; unreadable is reported by the read that follows
    }
    const problem = unsafeOwnership(stats, 'file');
    if (problem) throw new SnapshotError(`refusing the sandbox ${what} ${file}: ${problem.what}. Fix: ${problem.fix(file)}, or use a data file of your own (--data FILE)`);
  }
}

function damaged(file: string, dataFile: string, problem: string): DamagedSnapshotError {
  const both = file === dataFile ? 'it' : `${dataFile} and ${file}`;
  return new DamagedSnapshotError(
    `${file} is damaged: ${problem}. It was left untouched. ` +
      `Start over with \`trek sandbox reset --data ${shellWord(dataFile)}\` (the damaged files are kept beside it, renamed *.damaged-<time>), or move ${both} away.`,
  );
}

/** A refused write names the file; a full or read-only disk is 507. Nothing was changed. */
function writeFailed(file: string, error: unknown, what = 'write the sandbox state to'): SnapshotError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const storage = STORAGE_ERROR_CODES.has(code);
  return new SnapshotError(`cannot ${what} ${file}: ${(error as Error).message}; nothing was changed.` + (storage ? ' Free some space (or make it writable) and try again.' : ''), storage ? 507 : 500);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown, max = Number.MAX_SAFE_INTEGER): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;
const show = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 60);

function isDepartureOverlay(value: unknown): boolean {
  return (
    isObject(value) &&
    Number.isSafeInteger(value.places_taken) &&
    (value.rooms_taken === undefined || (isObject(value.rooms_taken) && Object.values(value.rooms_taken).every(Number.isSafeInteger))) &&
    (value.status === null || (AVAILABILITY_STATUSES as readonly unknown[]).includes(value.status)) &&
    typeof value.date_last_modified === 'string'
  );
}

/** What is wrong with a parsed snapshot of the current version, or null when it is usable. */
function snapshotProblem(s: Record<string, unknown>, limits: SnapshotLimits): string | null {
  if (!isCount(s.seed, limits.maxSeed)) return `seed ${show(s.seed)} is not an integer from 0 to ${limits.maxSeed}`;
  if (!isCount(s.size, limits.maxSize) || s.size < 1) return `size ${show(s.size)} is not an integer from 1 to ${limits.maxSize}`;
  if (typeof s.epoch !== 'string' || Number.isNaN(Date.parse(s.epoch))) return `epoch ${show(s.epoch)} is not a date and time`;
  if (typeof s.clock_offset_ms !== 'number' || !Number.isFinite(s.clock_offset_ms)) return `clock_offset_ms ${show(s.clock_offset_ms)} is not a number`;
  if (!isCount(s.generation)) return `generation ${show(s.generation)} is not a whole number`;
  if (!isCount(s.last_seq)) return `last_seq ${show(s.last_seq)} is not a whole number`;
  if (!isObject(s.last_id) || !Object.values(s.last_id).every((id) => isCount(id))) return 'last_id is not a map of whole numbers';
  if (s.operator_key !== undefined && typeof s.operator_key !== 'string') return 'operator_key is not text';
  if (s.journal_id !== undefined && typeof s.journal_id !== 'string') return 'journal_id is not text';
  if (s.departure_availability !== undefined && (!isObject(s.departure_availability) || !Object.values(s.departure_availability).every((v) => typeof v === 'string'))) {
    return 'departure_availability is not a map of statuses';
  }
  if (s.departure_overlays !== undefined && (!isObject(s.departure_overlays) || !Object.values(s.departure_overlays).every(isDepartureOverlay))) {
    return 'departure_overlays is not a map of departure overlays';
  }
  if (s.faults !== undefined && !isFaultState(s.faults)) return 'faults is not a list of faults';
  if (!isObject(s.collections)) return 'collections is not an object';
  const lastIds = s.last_id as Record<string, number>;
  for (const [name, records] of Object.entries(s.collections)) {
    if (!isObject(records)) return `collections.${name} is not an object of records`;
    const lastId = lastIds[name] ?? limits.idBase[name];
    for (const [key, record] of Object.entries(records)) {
      const at = `collections.${name}[${JSON.stringify(key)}]`;
      if (!isObject(record)) return `${at} is not a record`;
      if (record.id !== key) return `${at} has the id ${show(record.id)}`;
      if (!isCount(record.seq, s.last_seq)) return `${at}.seq ${show(record.seq)} is not a whole number up to last_seq (${s.last_seq})`;
      if (lastId !== undefined && /^\d+$/.test(key) && Number(key) > lastId) {
        return `${at} is above the last ${name} id handed out (${lastId}), so a new record would take its id`;
      }
    }
  }
  return null;
}

interface Snapshot {
  state: State;
  /** The journal that continues this snapshot names it; null for a snapshot older than journals. */
  journalId: string | null;
  bytes: number;
}

/** Reads, parses and validates the snapshot; null when there is none. */
function readSnapshotFile(file: string, limits: SnapshotLimits): Snapshot | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SnapshotError(`cannot read the sandbox snapshot ${file}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw damaged(file, file, 'it is not valid JSON (cut short, or not a sandbox snapshot)');
  }
  if (!isObject(parsed)) throw damaged(file, file, 'it is not a JSON object');
  const version = parsed.version;
  if (typeof version === 'number' && version !== SNAPSHOT_VERSION) {
    throw new SnapshotError(
      `${file} holds a sandbox snapshot of version ${version}, but this trek reads version ${SNAPSHOT_VERSION}; ` +
        'it was left untouched. Use the trek that wrote it, or move the file away to start a fresh sandbox.',
    );
  }
  if (version !== SNAPSHOT_VERSION) throw damaged(file, file, `it has no "version": ${SNAPSHOT_VERSION} (not a sandbox snapshot?)`);
  const problem = snapshotProblem(parsed, limits);
  if (problem) throw damaged(file, file, problem);
  const { journal_id: journalId, ...state } = parsed;
  return { state: state as unknown as State, journalId: typeof journalId === 'string' ? journalId : null, bytes: text.length };
}

interface JournalHeader {
  journal: number;
  snapshot: string;
  generation: number;
}

interface JournalRecord extends ChangeEntry {
  /** The generation this record makes: one more than the state it applies to. */
  g: number;
  /** Checksum of the line before. */
  p: string;
}

/** crc-32 returns the CRC as a signed 32-bit integer; the journal writes it unsigned, as zlib did. */
const hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0');

function encodeLine(value: object): { bytes: Buffer; crc: string } {
  const json = Buffer.from(JSON.stringify(value), 'utf8');
  const crc = hex(crc32(json));
  return { bytes: Buffer.concat([Buffer.from(`${crc} `), json, Buffer.from('\n')]), crc };
}

interface Line {
  /** File offsets of the line's first byte and of the byte after its newline. */
  start: number;
  end: number;
  crc: string;
  /** The parsed JSON; undefined when the checksum failed. */
  value: unknown;
}

/** The complete lines of `bytes`, read from file offset `base`; bytes after the last newline are not a line yet. */
function splitLines(bytes: Buffer, base: number): Line[] {
  const lines: Line[] = [];
  for (let from = 0; ;) {
    const newline = bytes.indexOf(10, from);
    if (newline < 0) return lines;
    const crc = bytes.toString('latin1', from, Math.min(from + 8, newline));
    const json = bytes.subarray(from + 9, newline);
    let value: unknown;
    if (newline - from > 9 && bytes[from + 8] === 32 && hex(crc32(json)) === crc) {
      try {
        value = JSON.parse(json.toString('utf8'));
      } catch {
        value = undefined;
      }
    }
    lines.push({ start: base + from, end: base + newline + 1, crc, value });
    from = newline + 1;
  }
}

/** Bytes [from, end of file) of the journal with the file's inode; null when there is none. */
function readJournalBytes(file: string, from: number): { ino: number; size: number; bytes: Buffer } | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SnapshotError(`cannot read the sandbox journal ${file}: ${(error as Error).message}`);
  }
  try {
    const { ino, size } = fstatSync(fd);
    const bytes = Buffer.alloc(Math.max(0, size - from));
    for (let read = 0; read < bytes.length;) {
      const n = readSync(fd, bytes, read, bytes.length - read, from + read);
      if (n === 0) return { ino, size: from + read, bytes: bytes.subarray(0, read) };
      read += n;
    }
    return { ino, size, bytes };
  } catch (error) {
    throw new SnapshotError(`cannot read the sandbox journal ${file}: ${(error as Error).message}`);
  } finally {
    closeSync(fd);
  }
}

/** Where this process stands in the journal file. */
interface JournalView {
  ino: number;
  /** False for a journal of an earlier snapshot: nothing in it applies (the snapshot holds it all). */
  continuesSnapshot: boolean;
  /** End of the last complete line read: appends go here. */
  validEnd: number;
  /** Start and checksum of that line, to check it is still there before reading on. */
  lastStart: number;
  lastCrc: string;
  records: number;
}

function isHeader(value: unknown): value is JournalHeader {
  return isObject(value) && value.journal === JOURNAL_VERSION && typeof value.snapshot === 'string' && isCount(value.generation);
}

function isRecord(value: unknown): value is JournalRecord {
  return (
    isObject(value) &&
    isCount(value.g) &&
    typeof value.p === 'string' &&
    (value.c === undefined || (isObject(value.c) && Object.values(value.c).every(isObject))) &&
    (value.f === undefined || isObject(value.f)) &&
    (value.u === undefined || (Array.isArray(value.u) && value.u.every((name) => typeof name === 'string')))
  );
}

/** The records a line upserts keep their ids as keys (what the snapshot check demands too). */
function recordKeysMatch(record: JournalRecord): boolean {
  return Object.values(record.c ?? {}).every((records) => Object.entries(records).every(([id, value]) => value === null || (isObject(value) && value.id === id)));
}

export interface DataFileOptions {
  /** How long a writer waits for the lock; default TREK_LOCK_WAIT_MS, else 20 s. */
  lockWaitMs?: number;
  /** Journal size that makes a writer fold it into the snapshot; default the larger of 1 MiB and the snapshot. */
  compactBytes?: number;
}

export class DataFile {
  readonly journalFile: string;
  private snapshotStamp: FileStamp | null = null;
  private journalId: string | null = null;
  private snapshotBytes = 0;
  private journal: JournalView | null = null;
  /** The journal cannot continue what we hold (lost underneath, or none yet): the next commit writes a snapshot. */
  private snapshotNeeded = true;
  private readonly lockWaitMs: number;
  private readonly compactBytes: number | undefined;
  private compactAtBytes: number;

  constructor(
    readonly file: string,
    private readonly limits: SnapshotLimits,
    options: DataFileOptions = {},
  ) {
    this.journalFile = `${file}.journal`;
    this.lockWaitMs = options.lockWaitMs ?? snapshotLockWait();
    this.compactBytes = options.compactBytes;
    this.compactAtBytes = this.threshold(0);
  }

  /** Reads the snapshot and replays its journal; null when there is no snapshot. Refuses damage. */
  load(): State | null {
    checkOwnership(this.file);
    const stamp = stampOf(this.file);
    const snapshot = stamp && readSnapshotFile(this.file, this.limits);
    this.journal = null;
    if (!snapshot) {
      this.snapshotStamp = null;
      this.journalId = null;
      this.snapshotNeeded = true;
      return null;
    }
    this.snapshotStamp = stamp;
    this.journalId = snapshot.journalId;
    this.snapshotBytes = snapshot.bytes;
    this.snapshotNeeded = snapshot.journalId === null;
    this.compactAtBytes = this.threshold(snapshot.bytes);
    const found = readJournalBytes(this.journalFile, 0);
    if (!found) return snapshot.state;
    const [header, ...records] = splitLines(found.bytes, 0);
    if (!header || !isHeader(header.value)) {
      // An empty or torn first line is a journal being created by hand or cut short outside trek.
      throw damaged(this.journalFile, this.file, 'its first line is not a journal header');
    }
    const view: JournalView = { ino: found.ino, continuesSnapshot: false, validEnd: header.end, lastStart: header.start, lastCrc: header.crc, records: 0 };
    this.journal = view;
    if (header.value.snapshot !== snapshot.journalId) {
      view.validEnd = found.size; // the previous snapshot's journal: all of it is in this snapshot
      return snapshot.state;
    }
    if (header.value.generation !== snapshot.state.generation) {
      throw damaged(this.journalFile, this.file, `it continues generation ${header.value.generation}, but the snapshot is at ${snapshot.state.generation}`);
    }
    view.continuesSnapshot = true;
    const problem = this.apply(snapshot.state, view, records);
    if (problem) throw damaged(this.journalFile, this.file, problem);
    return snapshot.state;
  }

  /** Applies complete lines in order; a problem found is returned (the lines before it are applied). */
  private apply(state: State, view: JournalView, lines: Line[]): string | null {
    for (const line of lines) {
      if (line.value === undefined) return `the line at byte ${line.start} fails its checksum`;
      const record = line.value;
      if (!isRecord(record) || !recordKeysMatch(record)) return `the line at byte ${line.start} is not a journal record`;
      if (record.p !== view.lastCrc || record.g !== state.generation + 1) {
        return `the line at byte ${line.start} does not follow the one before (generation ${record.g} after ${state.generation})`;
      }
      applyEntry(state, record);
      state.generation = record.g;
      view.lastStart = line.start;
      view.lastCrc = line.crc;
      view.validEnd = line.end;
      view.records++;
    }
    return null;
  }

  /**
   * Brings `state` up to what the files hold: records appended since are applied in place; a
   * new snapshot (or anything unexpected) means a full reload, whose state is returned instead.
   * With the lock held, also checks that the last line read is still there.
   */
  catchUp(state: State, locked: boolean): State {
    const stamp = stampOf(this.file);
    if (!sameStamp(stamp, this.snapshotStamp)) {
      if (stamp) return this.load() ?? state;
      // Removed underneath: keep what we have; the next commit writes it back whole.
      this.snapshotStamp = null;
      this.journalId = null;
      this.journal = null;
      this.snapshotNeeded = true;
      return state;
    }
    if (!stamp) return state;
    const view = this.journal;
    const current = stampOf(this.journalFile);
    if (!current || !view) {
      if (current) return this.load() ?? state; // a journal appeared: read it from its header
      if (view?.continuesSnapshot && view.records > 0) this.snapshotNeeded = true; // removed with records in it
      this.journal = null;
      return state;
    }
    if (current.ino !== view.ino || current.size < view.validEnd) return this.load() ?? state;
    if (!view.continuesSnapshot) return state;
    if (current.size === view.validEnd && !locked) return state;
    const found = readJournalBytes(this.journalFile, view.lastStart);
    if (!found || found.ino !== view.ino) return this.load() ?? state;
    const [last, ...lines] = splitLines(found.bytes, view.lastStart);
    if (!last || last.crc !== view.lastCrc || last.end !== view.validEnd) return this.load() ?? state;
    if (lines.length === 0) return state;
    // Anything odd (a record that does not follow ours) is settled by reading from scratch.
    return this.apply(state, view, lines) === null ? state : (this.load() ?? state);
  }

  /** Takes `<file>.lock`; a live holder past the wait is a 503 naming its pid. */
  async lock(): Promise<() => void> {
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      return await acquireFileLock(this.file, { waitMs: this.lockWaitMs });
    } catch (error) {
      if (error instanceof LockBusyError) throw new SnapshotError(`cannot change the sandbox state in ${this.file}: ${error.message}`, 503);
      throw writeFailed(this.file, error, 'lock the sandbox snapshot');
    }
  }

  /**
   * Makes `state` (caught up under the lock, then changed by `entry`, generation already
   * bumped) durable: one journal line, fsync'd, or a whole snapshot when the journal cannot
   * continue. Throws a SnapshotError naming the file; a line cut short is cut off again.
   */
  commit(state: State, entry: ChangeEntry): void {
    if (this.snapshotNeeded || this.journalId === null) {
      this.writeSnapshot(state);
      return;
    }
    if (!this.journal?.continuesSnapshot) this.startJournal(state.generation - 1);
    const view = this.journal!;
    const { bytes, crc } = encodeLine({ g: state.generation, p: view.lastCrc, ...entry } satisfies JournalRecord);
    let fd: number;
    try {
      fd = openSync(this.journalFile, constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW);
    } catch (error) {
      throw writeFailed(this.journalFile, error);
    }
    try {
      // Bytes past the last complete line are an append cut short by a killed writer.
      if (fstatSync(fd).size !== view.validEnd) ftruncateSync(fd, view.validEnd);
      writeAllSync(fd, bytes);
      fdatasyncSync(fd);
    } catch (error) {
      try {
        ftruncateSync(fd, view.validEnd);
      } catch {
        // The disk refuses even that: readers ignore a line cut short; a whole one may survive.
      }
      throw writeFailed(this.journalFile, error);
    } finally {
      closeSync(fd);
    }
    view.lastStart = view.validEnd;
    view.validEnd += bytes.length;
    view.lastCrc = crc;
    view.records++;
  }

  /** Folding costs a snapshot's write: done once the journal is as big, it costs each change a constant share. */
  private threshold(snapshotBytes: number): number {
    return this.compactBytes ?? Math.max(COMPACT_MIN_BYTES, snapshotBytes);
  }

  /** A journal that has outgrown the snapshot makes loading and catching up slow: fold it in. */
  get wantsCompaction(): boolean {
    return this.journal !== null && this.journal.continuesSnapshot && this.journal.validEnd > this.compactAtBytes;
  }

  /** Folds the journal into a new snapshot (under the lock). A failure only delays it: the journal holds everything. */
  compact(state: State): void {
    try {
      this.writeSnapshot(state);
    } catch {
      this.compactAtBytes = (this.journal?.validEnd ?? 0) + this.threshold(this.snapshotBytes);
    }
  }

  /** Writes `state` whole as a new snapshot with an empty journal (under the lock). */
  writeSnapshot(state: State): void {
    const journalId = randomBytes(12).toString('base64url');
    const text = JSON.stringify({ ...state, journal_id: journalId });
    this.removeOrphanTemps();
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileAtomicSync(this.file, text);
    } catch (error) {
      throw writeFailed(this.file, error);
    }
    this.snapshotStamp = stampOf(this.file);
    this.journalId = journalId;
    this.snapshotBytes = Buffer.byteLength(text);
    this.snapshotNeeded = false;
    this.compactAtBytes = this.threshold(this.snapshotBytes);
    try {
      this.startJournal(state.generation);
    } catch {
      // The snapshot holds everything; the old journal names the old snapshot and is ignored,
      // and the next commit starts a new one.
      const old = stampOf(this.journalFile);
      this.journal = old && { ino: old.ino, continuesSnapshot: false, validEnd: old.size, lastStart: 0, lastCrc: '', records: 0 };
    }
  }

  /** Replaces the journal with a header continuing the current snapshot at `generation`. */
  private startJournal(generation: number): void {
    const { bytes, crc } = encodeLine({ journal: JOURNAL_VERSION, snapshot: this.journalId!, generation } satisfies JournalHeader);
    try {
      writeFileAtomicSync(this.journalFile, bytes);
    } catch (error) {
      throw writeFailed(this.journalFile, error);
    }
    const stamp = stampOf(this.journalFile)!;
    this.journal = { ino: stamp.ino, continuesSnapshot: true, validEnd: bytes.length, lastStart: 0, lastCrc: crc, records: 0 };
  }

  /** Temp files of writers killed before their rename; only writers holding the lock make them. */
  private removeOrphanTemps(): void {
    let names: string[];
    try {
      names = readdirSync(dirname(this.file));
    } catch {
      return; // no folder yet
    }
    for (const name of names) {
      if (!isAtomicTempOf(this.file, name) && !isAtomicTempOf(this.journalFile, name)) continue;
      try {
        unlinkSync(join(dirname(this.file), name));
      } catch {
        // Gone already.
      }
    }
  }

  /**
   * Renames a damaged snapshot and its journal to `*.damaged-<time>` (under the lock, before a
   * reset writes a fresh one), so nothing is lost. Returns the snapshot's new name.
   */
  setAside(): string {
    const suffix = `.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    for (const file of [this.journalFile, this.file]) {
      try {
        renameSync(file, file + suffix);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw writeFailed(file, error);
      }
    }
    this.snapshotStamp = null;
    this.journalId = null;
    this.journal = null;
    this.snapshotNeeded = true;
    return this.file + suffix;
  }
}
