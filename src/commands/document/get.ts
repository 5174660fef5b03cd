import { lstatSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Command, Option } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { getDocument, getDocumentContent, type DocumentContent, type DocumentRecord } from '../../api/resources/documents.js';
import { formatBytes } from '../../api/wire.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderItem, type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { STORAGE_ERROR_CODES, writeFileAtomicSync } from '../../util/atomic-write.js';
import { reference, referenceList } from '../booking/view.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';

export interface DocumentGetOptions extends ResourceOptions {
  id: string;
  /** Where the content goes: a file, or '-' for stdout; undefined shows the document's details. */
  save?: string;
  /** Replace an existing file; write to stdout even when it is a terminal. */
  force: boolean;
}

export function newDocumentGetCmd(f: Factory, runF: (opts: DocumentGetOptions) => Promise<void> = documentGetRun): Command {
  return new Command('get')
    .summary("show a document's details, or save its content (the PDF) with --save")
    .description(
      'Show a document (an invoice, voucher or ATOL certificate): its type, audience, booking, services and media type. ' +
        "With --save FILE its content is fetched and written to FILE: only when the answer is of the document's media type " +
        '(a PDF must start as one) and within the body limit (TREK_MAX_BODY, 64 MiB by default), written whole or not at all ' +
        '(a temp file renamed into place), readable by you alone (mode 0600). An existing FILE is never replaced without ' +
        '--force; the folder must exist. --save - writes the content to stdout, for a pipe: to a terminal only with --force.',
    )
    .addArgument(idArgument('<id>', 'document id'))
    .addOption(new Option('--save <file>', "write the document's content to FILE (- for stdout)"))
    .option('--force', 'replace FILE if it exists; with --save -, write to a terminal too')
    .addHelpText(
      'after',
      examples([
        'trek document get 630001',
        'trek document get 630001 --save invoice.pdf',
        'trek document get 630001 --save invoice.pdf --force          # replace the file saved before',
        'trek document get 630001 --save - | lpr                      # print it',
        'trek booking documents 200003 -o json | jq -r \'.[] | select(.type == "VOUCHER") | .id\' | while read -r id; do trek document get "$id" --save "voucher-$id.pdf"; done',
      ]),
    )
    .action(async (id: string, flags: { save?: string; force?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), id, save: flags.save, force: Boolean(flags.force) });
    });
}

const DOCUMENT_ROWS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'type', header: 'TYPE' },
  { field: 'audience', header: 'AUDIENCE' },
  { field: 'date_created', header: 'CREATED' },
  { field: 'booking', header: 'BOOKING', format: reference },
  { field: 'services', header: 'SERVICES', format: referenceList },
  { field: 'invoice', header: 'INVOICE', format: reference },
  { field: 'mime_type', header: 'MEDIA TYPE' },
  { field: 'name', header: 'FILE NAME' },
];

export async function documentGetRun(opts: DocumentGetOptions): Promise<void> {
  // Everything about where the content goes is checked before anything is asked of the API.
  const target = opts.save === undefined ? undefined : checkTarget(opts.save, opts.force, opts.io);
  const client = await opts.api();
  const document = await getDocument(client, opts.id);
  opts.history.remember('document', [{ id: document.id, label: [document.type, document.audience].map(displayValue).filter(Boolean).join(' · ') }]);
  if (target === undefined) {
    await renderItem(opts.io, document, opts.output, { rows: DOCUMENT_ROWS, xmlRoot: 'document' });
    if (opts.output.format === 'table' && opts.io.stderrIsTTY) opts.io.err.write(`Save its content: trek document get ${sanitize(document.id)} --save FILE\n`);
    return;
  }
  const content = await fetchChecked(client, document);
  if (target === '-') {
    opts.io.out.write(content.bytes);
    return;
  }
  save(target, content.bytes, opts.force);
  const what = [displayValue(document.type).toLowerCase().replace(/_/g, ' ') || 'document', sanitize(displayValue(document.id))].join(' ');
  opts.io.err.write(`Saved ${what} (${sanitize(displayValue(document.mime_type))}, ${formatBytes(content.bytes.length)}) to ${sanitize(target)}\n`);
}

/** The media type of a Content-Type header or of a `mime_type`, lower-case, without parameters. */
function mediaType(value: string | undefined): string {
  return (value ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The file to write, or '-': refused (exit 2, nothing sent) when it exists and --force is not
 * given, when it is a folder, when its folder does not exist, or when '-' is a terminal.
 */
function checkTarget(save: string, force: boolean, io: IOStreams): string {
  const field = { field: '--save' };
  if (save === '') throw new UsageError('--save needs a file name (or - for stdout)', undefined, field);
  if (save === '-') {
    if (io.stdoutIsTTY && !force) {
      throw new UsageError(
        'refusing to write the document to a terminal: its content is a file (a PDF), not text',
        'Send it to a file (--save FILE) or a pipe (--save - | lpr); --force writes it to the terminal anyway.',
        field,
      );
    }
    return save;
  }
  const shown = sanitize(save);
  const existing = lstatOrUndefined(save);
  if (existing?.isDirectory()) throw new UsageError(`--save ${shown} is a folder; give the file to write in it, e.g. ${shown.replace(/\/*$/, '')}/document.pdf`, undefined, field);
  if (existing && !force) {
    const kind = existing.isSymbolicLink() ? 'a symbolic link' : existing.isFile() ? 'a file' : 'something';
    throw new UsageError(`${shown} already exists (${kind}); nothing was written`, `--force replaces it (a symbolic link is replaced itself, never written through), or choose another name.`, field);
  }
  const folder = dirname(resolve(save));
  let folderStat;
  try {
    folderStat = statSync(folder);
  } catch {
    throw new UsageError(`cannot save to ${shown}: the folder ${sanitize(folder)} does not exist`, 'Create it first (mkdir -p), or choose another path.', field);
  }
  if (!folderStat.isDirectory()) throw new UsageError(`cannot save to ${shown}: ${sanitize(folder)} is not a folder`, undefined, field);
  return save;
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The content, checked against the document before a byte is written: of the document's media
 * type (the Content-Type the server declared), whole (as long as its Content-Length said), not
 * empty, and for a PDF starting with `%PDF-`. Any other answer is unusable (exit 7).
 */
async function fetchChecked(client: ApiClient, document: DocumentRecord): Promise<DocumentContent> {
  const content = await getDocumentContent(client, document);
  const expected = mediaType(document.mime_type);
  const got = mediaType(content.contentType);
  const unusable = (problem: string) =>
    new ApiError({ kind: 'protocol', method: 'GET', url: content.url, message: `the content of document ${document.id} from GET ${content.url} ${problem}; nothing was written` });
  if (expected === '') throw unusable('cannot be checked: the document names no mime_type');
  if (got !== expected) throw unusable(`is ${got === '' ? 'of no declared type' : got}, not the document's ${expected}`);
  if (content.bytes.length === 0) throw unusable('is empty');
  if (content.contentLength !== undefined && content.contentLength !== content.bytes.length) {
    throw unusable(`is ${content.bytes.length} bytes where its Content-Length said ${content.contentLength}`);
  }
  if (expected === 'application/pdf' && !content.bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw unusable('does not start as a PDF does (%PDF-)');
  return content;
}

/** Writes the whole file or nothing; a file that appeared meanwhile is kept unless --force. */
function save(file: string, bytes: Buffer, force: boolean): void {
  const shown = sanitize(file);
  try {
    writeFileAtomicSync(file, bytes, 0o600, { replace: force });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new UsageError(`${shown} appeared while the document was fetched; nothing was written`, '--force replaces it.', { field: '--save' });
    const why = code !== undefined && STORAGE_ERROR_CODES.has(code) ? `${code}: the disk refused the write` : sanitize((error as Error).message);
    throw new UsageError(`cannot save to ${shown} (${why}); nothing was written${force ? ' and any file there is as it was' : ''}`, undefined, { field: '--save' });
  }
}
