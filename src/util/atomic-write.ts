/**
 * The one way trek replaces a file: a temp file with an unguessable name created exclusively
 * (O_EXCL|O_NOFOLLOW, so a planted file or symlink is never written through), every byte
 * written and checked, fsync of the file, rename over the target, fsync of the folder. A crash
 * or a full disk leaves the old file whole; the new one is acknowledged only once durable.
 *
 * Not write-file-atomic or atomically (conf's writer): both open a predictable temp name with
 * 'w', neither checks that a short write() wrote every byte, neither fsyncs the folder, and
 * both copy a previous owner onto the new file — each of which issue 13/14 found exploitable.
 */
import { closeSync, constants, fsyncSync, linkSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const CREATE_EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Error codes that mean "the disk cannot take this write", not a bug: callers name the file. */
export const STORAGE_ERROR_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EFBIG', 'EACCES', 'EPERM']);

/**
 * 12 random characters for a temp or lock name nobody can plant in advance. node:crypto is
 * loaded on the first call, not with this module: completion reaches the modules that write
 * (config, history) on every TAB but never writes.
 */
export function unguessableName(): string {
  return process.getBuiltinModule('node:crypto').randomBytes(9).toString('base64url');
}

/** Writes all of `buffer` at the fd's position; write() may write fewer bytes than asked. */
export function writeAllSync(fd: number, buffer: Uint8Array): void {
  for (let offset = 0; offset < buffer.length;) {
    const written = writeSync(fd, buffer, offset, buffer.length - offset);
    if (written <= 0) throw Object.assign(new Error(`write returned ${written}`), { code: 'EIO' });
    offset += written;
  }
}

/** Flushes a folder's entry list, so a rename or a new file in it survives a power cut. */
export function fsyncDirSync(dir: string): void {
  const fd = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces `file` with `data` atomically and durably. The folder must exist. Throws the fs error.
 * With `replace: false` an existing file is never replaced, even one that appeared after the
 * caller looked: the write fails with EEXIST and leaves it as it was.
 */
export function writeFileAtomicSync(file: string, data: string | Uint8Array, mode = 0o600, options: { replace?: boolean } = {}): void {
  const dir = dirname(file);
  const temp = join(dir, `.${basename(file)}.${unguessableName()}.tmp`);
  const fd = openSync(temp, CREATE_EXCLUSIVE, mode);
  try {
    try {
      writeAllSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (options.replace === false) {
      // link() refuses an existing name where rename() would replace it; the temp name then goes.
      linkSync(temp, file);
      unlinkSync(temp);
    } else renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // Never created or already renamed: nothing to clean.
    }
    throw error;
  }
  fsyncDirSync(dir);
}

/** True for a name writeFileAtomicSync may leave behind when its process is killed mid-write. */
export function isAtomicTempOf(file: string, name: string): boolean {
  return name.startsWith(`.${basename(file)}.`) && name.endsWith('.tmp');
}
