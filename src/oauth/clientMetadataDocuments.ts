import CachePolicy from 'http-cache-semantics';
import dns from 'node:dns';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import { ClientMetadataDocument } from '../schemas/oauth.js';
import { compileJsonValidator } from '../schemas/validator.js';
import { validationMessage } from '../edge/validation.js';
import { redirectUriProblem } from './redirectUris.js';

/**
 * Client ID Metadata Documents (the MCP authorization spec's preferred way for a client to be
 * known): the client id is an https URL, and the document there names the client and its redirect
 * URIs. Fetched on the sign-in page's request with a small size limit, a short timeout and no
 * redirect; kept as HTTP caching allows (Cache-Control, ETag revalidation); never from a private,
 * loopback or otherwise non-public address unless the operator allows it (a request forged to reach
 * the service's own network).
 */

export const DOCUMENT_MAX_BYTES = 5 * 1024;
export const DOCUMENT_TIMEOUT_MS = 5000;
/** How long a document is kept at most, whatever its Cache-Control says. */
const MAX_KEPT_MS = 24 * 3600 * 1000;
const MAX_DOCUMENTS = 10_000;

export interface ClientMetadataDocumentsOptions {
  /** Whether documents may be fetched from private and loopback addresses (OAUTH_CLIENT_METADATA_PRIVATE_ADDRESSES). */
  allowPrivateAddresses?: boolean;
}

/** What a document makes known of its client. */
export interface DocumentClient {
  redirectUris: string[];
  clientName: string | undefined;
}

export type DocumentAnswer = { ok: true; client: DocumentClient } | { ok: false; problem: string };

interface Kept {
  policy: CachePolicy;
  client: DocumentClient;
}

interface Fetched {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const validDocument = compileJsonValidator(ClientMetadataDocument);

/** Whether a client id is one of these documents' URLs rather than a registration of ours. */
export function isDocumentClientId(clientId: string): boolean {
  return clientId.startsWith('https://');
}

export class ClientMetadataDocuments {
  private readonly kept = new LRUCache<string, Kept>({ max: MAX_DOCUMENTS, ttl: MAX_KEPT_MS });
  private readonly allowPrivateAddresses: boolean;

  constructor(options: ClientMetadataDocumentsOptions = {}) {
    this.allowPrivateAddresses = options.allowPrivateAddresses ?? false;
  }

  async client(url: string): Promise<DocumentAnswer> {
    const problem = clientIdProblem(url);
    if (problem) return { ok: false, problem };
    const request = { url, method: 'GET', headers: { accept: 'application/json' } };
    const kept = this.kept.get(url);
    if (kept?.policy.satisfiesWithoutRevalidation(request)) return { ok: true, client: kept.client };
    let fetched: Fetched;
    try {
      fetched = await this.fetch(url, kept ? kept.policy.revalidationHeaders(request) as Record<string, string> : request.headers);
    } catch (error) {
      return { ok: false, problem: `the client's metadata document at ${url} could not be fetched: ${(error as Error).message}` };
    }
    const response = { status: fetched.status, headers: fetched.headers as Record<string, string> };
    if (kept && fetched.status === 304) {
      const { policy } = kept.policy.revalidatedPolicy(request, response);
      this.kept.set(url, { policy, client: kept.client });
      return { ok: true, client: kept.client };
    }
    if (fetched.status >= 300 && fetched.status < 400) return { ok: false, problem: `the client's metadata document at ${url} redirects, and redirects are not followed` };
    if (fetched.status !== 200) return { ok: false, problem: `the client's metadata document at ${url} answered HTTP ${fetched.status}` };
    const read = readDocument(url, fetched.body);
    if (!read.ok) return read;
    const policy = new CachePolicy(request, response, { shared: true });
    if (policy.storable()) this.kept.set(url, { policy, client: read.client });
    else this.kept.delete(url);
    return read;
  }

  /** One GET over https: no redirect followed, at most DOCUMENT_MAX_BYTES within DOCUMENT_TIMEOUT_MS, public addresses only unless allowed. */
  private fetch(url: string, headers: Record<string, string>): Promise<Fetched> {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) !== 0 && !this.reachable(host)) return Promise.reject(new Error(`${host} is not a public address`));
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => reject(error.name === 'AbortError' || error.name === 'TimeoutError'
        ? new Error(`no whole answer within ${DOCUMENT_TIMEOUT_MS / 1000} s`) : error);
      const request = https.get(url, { headers, lookup: this.lookup, signal: AbortSignal.timeout(DOCUMENT_TIMEOUT_MS) }, (response) => {
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > DOCUMENT_MAX_BYTES) {
          response.destroy();
          reject(new Error(`it is larger than ${DOCUMENT_MAX_BYTES} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > DOCUMENT_MAX_BYTES) {
            response.destroy();
            reject(new Error(`it is larger than ${DOCUMENT_MAX_BYTES} bytes`));
          } else {
            chunks.push(chunk);
          }
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', failed);
      });
      request.on('error', failed);
    });
  }

  private reachable(address: string): boolean {
    return this.allowPrivateAddresses || ipaddr.process(address).range() === 'unicast';
  }

  /** dns.lookup, refusing a name any of whose addresses is not public: the connection goes to an address checked here. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => !this.reachable(a.address));
      if (refused) return callback(Object.assign(new Error(`${hostname} resolves to ${refused.address}, not a public address`), { code: 'EADDRNOTPUBLIC' }), '', 0);
      if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

/** What a client id URL must be (the draft's rules): https, a path, no fragment, no credentials, no dot segments, in normal form. */
function clientIdProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the client_id is not a URL';
  }
  if (parsed.protocol !== 'https:' || parsed.hash !== '' || url.includes('#') || parsed.username !== '' || parsed.password !== '' ||
    parsed.pathname === '/' || parsed.href !== url || /\/\.\.?(\/|$)/.test(url)) {
    return 'a client_id URL must be https with a path, without a fragment, credentials or dot segments, written in normal form';
  }
  return undefined;
}

function readDocument(url: string, body: Buffer): DocumentAnswer {
  let document: unknown;
  try {
    document = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, problem: `the client's metadata document at ${url} is not JSON` };
  }
  if (!validDocument(document)) return { ok: false, problem: `the client's metadata document at ${url}: ${validationMessage(validDocument.errors ?? [], 'body')}` };
  const valid = document as ClientMetadataDocument;
  if (valid.client_id !== url) return { ok: false, problem: `the client's metadata document at ${url} names another client_id` };
  for (const uri of valid.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) return { ok: false, problem: `the client's metadata document at ${url}: ${problem}` };
  }
  return { ok: true, client: { redirectUris: valid.redirect_uris, clientName: valid.client_name } };
}
