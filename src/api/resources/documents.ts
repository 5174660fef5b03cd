/**
 * Documents (spec §2.4: a service's `documents`, §2.2: a booking's): invoices, vouchers and ATOL
 * certificates, each with its audience and `mime_type`. The spec shows the list items only;
 * the detail path `/documents/<id>/` and the content path are the sandbox's (docs/sandbox.md).
 */
import type { ApiClient } from '../client.js';
import { records } from '../paginate.js';
import { fetchJson, itemPath } from './common.js';
import type { components } from '../../domain/contract.js';

/** INVOICE, ATOL_CERTIFICATE or VOUCHER, for AGENT or CUSTOMER; name, invoice, services and content are the sandbox's extras. */
export type DocumentRecord = components['schemas']['Document'];

export const DOCUMENTS = 'documents';

export function documentPath(id: string): string {
  return itemPath(DOCUMENTS, id);
}

export function getDocument(client: ApiClient, id: string): Promise<DocumentRecord> {
  return fetchJson<DocumentRecord>(client, documentPath(id));
}

/** Every document of a booking (invoices, vouchers, certificates), as the booking's `documents` collection lists them. */
export function listBookingDocuments(client: ApiClient, bookingId: string): AsyncGenerator<DocumentRecord> {
  return records<DocumentRecord>(client, itemPath('bookings', bookingId, DOCUMENTS), undefined, { all: true });
}

/** A document's content as it came: its bytes, and the Content-Type and Content-Length the server declared. */
export interface DocumentContent {
  bytes: Buffer;
  contentType: string | undefined;
  contentLength: number | undefined;
  url: string;
}

/**
 * The content at the document's `content.href` (else `/documents/<id>/content`), asked for as
 * its `mime_type`. The body is bounded like every answer (TREK_MAX_BODY); checking it against
 * the document is the caller's.
 */
export async function getDocumentContent(client: ApiClient, document: Pick<DocumentRecord, 'id' | 'mime_type' | 'content'>): Promise<DocumentContent> {
  const href = typeof document.content?.href === 'string' && document.content.href !== '' ? document.content.href : `${documentPath(document.id)}content`;
  const accept = typeof document.mime_type === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(document.mime_type) ? document.mime_type : '*/*';
  const response = await client.request({ path: href, binary: true, headers: { Accept: accept } });
  const length = response.headers['content-length'];
  return {
    bytes: response.bytes ?? Buffer.alloc(0),
    contentType: response.headers['content-type'],
    contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined,
    url: response.url,
  };
}
