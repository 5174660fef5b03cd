/**
 * The event ids a profile's listeners have taken in, on disk, so that a repeat — a sender's
 * retry, a resend, a replayed request — is recognised even by the next `trek webhooks listen`.
 * Bounded: the newest MAX_SEEN_EVENTS ids are kept. Every change is made under the file's lock
 * and written atomically, so two listeners at once neither lose ids nor tear the file.
 */
import { readFileNoFollowSync } from '../config/paths.js';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import { withFileLock } from '../util/lock.js';

export const MAX_SEEN_EVENTS = 10_000;

interface SeenFile {
  version: 1;
  /** Oldest first. */
  ids: string[];
}

export class ReplayGuard {
  constructor(
    readonly file: string,
    private readonly options: { lockWaitMs: number; limit?: number; warn: (line: string) => void },
  ) {}

  /**
   * Records `ids` as seen and returns those not seen before (an id twice in `ids` is new once).
   * The caller handles the new ones, or gives them back with release() if it could not.
   */
  claim(ids: readonly string[]): Promise<Set<string>> {
    return this.change((seen) => {
      const fresh = new Set<string>();
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        fresh.add(id);
      }
      return fresh;
    });
  }

  /** Forgets ids claimed for a request that failed, so the sender's retry is handled afresh. */
  release(ids: Iterable<string>): Promise<void> {
    return this.change((seen) => {
      for (const id of ids) seen.delete(id);
    });
  }

  private change<T>(edit: (seen: Set<string>) => T): Promise<T> {
    return withFileLock(
      this.file,
      () => {
        const seen = new Set(this.read());
        const result = edit(seen);
        const ids = [...seen].slice(-(this.options.limit ?? MAX_SEEN_EVENTS));
        writeFileAtomicSync(this.file, `${JSON.stringify({ version: 1, ids } satisfies SeenFile)}\n`);
        return result;
      },
      { waitMs: this.options.lockWaitMs },
    );
  }

  /** The ids on disk, oldest first; a missing file is none, a damaged one is reported and started over. */
  private read(): string[] {
    let text: string;
    try {
      text = readFileNoFollowSync(this.file).text;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as Partial<SeenFile>;
      if (parsed.version === 1 && Array.isArray(parsed.ids) && parsed.ids.every((id) => typeof id === 'string')) return parsed.ids;
    } catch {
      // Reported below.
    }
    this.options.warn(`${this.file} is damaged; the events seen before are forgotten and the file is started over`);
    return [];
  }
}
