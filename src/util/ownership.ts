/**
 * Whether a file or folder trek relies on could be changed by someone else: as ssh does with
 * ~/.ssh, one another user owns, or that group or others may write, is refused rather than
 * used (config.json, trek's folders, the cache, a sandbox's data file, journal and lock).
 */
import type { Stats } from 'node:fs';
import { shellWord } from './shell.js';

/**
 * Whose it is and who else may write it; `fix` gives the command that repairs it. The owner is
 * checked first: chmod does not help with someone else's file.
 */
export function unsafeOwnership(stats: Stats, noun: 'folder' | 'file'): { what: string; fix: (path: string) => string } | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  const harm = noun === 'folder' ? 'could replace what trek keeps in it' : 'could change it';
  if (stats.uid !== uid) {
    return {
      what: `it belongs to another user (uid ${stats.uid}; you are uid ${uid}), who ${harm}`,
      fix: (path) => `use a ${noun} of your own, or have it given to you: sudo chown ${uid} ${shellWord(path)}`,
    };
  }
  if (stats.mode & 0o022) {
    const who = (stats.mode & 0o022) === 0o022 ? 'its group and others' : stats.mode & 0o020 ? 'its group' : 'others';
    return {
      what: `it is writable by ${who} (mode ${(stats.mode & 0o777).toString(8).padStart(3, '0')}), who ${harm}`,
      fix: (path) => `chmod ${noun === 'folder' ? '700' : '600'} ${shellWord(path)}`,
    };
  }
  return undefined;
}
