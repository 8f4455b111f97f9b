import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sharedDumpDir } from './shared.js';

/**
 * A loopback stand-in for the TCGdex REST API v2, answering from the shared dump:
 *   GET /v2/{lang}/sets        set briefs
 *   GET /v2/{lang}/sets/{id}   the set with its `cards` briefs
 *   GET /v2/{lang}/cards       every card brief of the language
 *   GET /v2/{lang}/cards/{id}  the card, with a `pricing` block as the live API adds
 * Like the live API, a set missing from a language's set list answers 404 while its cards
 * are still served. Failures can be injected to exercise retries and resume.
 */
export type FailureMode =
  | { kind: 'none' }
  /** Every nth request answers 500 (or `status`), once per URL: the retry gets through. */
  | { kind: 'every-nth'; n: number; status?: number }
  /** After n more requests, every request answers 500: an outage in the middle of a crawl. */
  | { kind: 'after'; n: number }
  | { kind: 'all' };

export interface TcgdexApiServerOptions {
  dumpDir?: string;
  languages: string[];
  /** Serve only these TCGdex set ids (and their cards). */
  sets?: string[];
  failures?: FailureMode;
}

export interface TcgdexApiServer {
  /** `http://127.0.0.1:<port>/v2` */
  baseUrl: string;
  /** Requests answered so far, failures included. */
  requests(): number;
  /** Requests answered with an injected failure. */
  failures(): number;
  /** Conditional requests answered 304 (the ETag they named is the answer's). */
  notModified(): number;
  setFailures(mode: FailureMode): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown> & { id: string };

function readNdjsonGz(file: string): Json[] {
  if (!existsSync(file)) return [];
  return gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Json);
}

/**
 * A dump directory `dir` holding only `sets` of `languages` of the shared dump, their lines as the
 * dump has them: a server and a reader of it then read a few files of kilobytes, not the languages whole.
 */
export function sharedDumpOfSets(languages: readonly string[], sets: readonly string[], dir: string): string {
  const wanted = new Set(sets);
  mkdirSync(dir, { recursive: true });
  for (const lang of languages) {
    for (const [kind, setOf] of [['sets', (record: Json) => record.id], ['cards', (record: Json) => (record.set as { id: string }).id]] as const) {
      const file = `${lang}.${kind}.ndjson.gz`;
      const lines = gunzipSync(readFileSync(path.join(sharedDumpDir, file))).toString('utf8').split('\n')
        .filter((line) => line !== '' && wanted.has(setOf(JSON.parse(line) as Json)));
      writeFileSync(path.join(dir, file), gzipSync(lines.map((line) => `${line}\n`).join('')));
    }
  }
  return dir;
}

interface LanguageData {
  setList: Json[];
  sets: Map<string, Json>;
  cards: Map<string, Json>;
  cardsBySet: Map<string, Json[]>;
}

const cardBrief = (card: Json) => ({ id: card.id, localId: card.localId, name: card.name, image: card.image });

function load(dumpDir: string, lang: string, only: Set<string> | null): LanguageData {
  const wanted = (id: string) => only === null || only.has(id);
  const setList = readNdjsonGz(path.join(dumpDir, `${lang}.sets.ndjson.gz`)).filter((set) => wanted(set.id));
  const cards = readNdjsonGz(path.join(dumpDir, `${lang}.cards.ndjson.gz`))
    .filter((card) => wanted((card.set as { id: string }).id));
  const cardsBySet = new Map<string, Json[]>();
  for (const card of cards) {
    const setId = (card.set as { id: string }).id;
    const ofSet = cardsBySet.get(setId) ?? [];
    cardsBySet.set(setId, ofSet);
    ofSet.push(card);
  }
  return {
    setList,
    sets: new Map(setList.map((set) => [set.id, set])),
    cards: new Map(cards.map((card) => [card.id, card])),
    cardsBySet,
  };
}

/**
 * Answers `body`; a 200 with an ETag (of its bytes), as the live API's Express server gives, and
 * 304 without a body when the request's If-None-Match names it. Whether it was a 304.
 */
function send(response: ServerResponse, status: number, body: unknown, ifNoneMatch?: string): boolean {
  const text = JSON.stringify(body);
  if (status !== 200) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(text);
    return false;
  }
  const etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
  if (ifNoneMatch === etag) {
    response.writeHead(304, { etag });
    response.end();
    return true;
  }
  response.writeHead(200, { 'content-type': 'application/json', etag });
  response.end(text);
  return false;
}

export async function startTcgdexApiServer(options: TcgdexApiServerOptions): Promise<TcgdexApiServer> {
  const dumpDir = options.dumpDir ?? sharedDumpDir;
  const only = options.sets ? new Set(options.sets) : null;
  const data = new Map(options.languages.map((lang) => [lang, load(dumpDir, lang, only)]));
  let failures: FailureMode = options.failures ?? { kind: 'none' };
  let requests = 0;
  let failed = 0;
  let modeSince = 0;
  const failedOnce = new Set<string>();

  let notModified = 0;
  const server = createServer((request, response) => {
    requests += 1;
    const reply = (status: number, body: unknown) => {
      if (send(response, status, body, request.headers['if-none-match'])) notModified += 1;
    };
    const fail = failures.kind === 'all'
      || (failures.kind === 'after' && requests - modeSince > failures.n)
      || (failures.kind === 'every-nth' && requests % failures.n === 0 && !failedOnce.has(request.url ?? ''));
    if (fail) {
      failedOnce.add(request.url ?? '');
      failed += 1;
      const status = failures.kind === 'every-nth' ? failures.status ?? 500 : 500;
      if (status === 429) response.setHeader('retry-after', '0');
      return reply(status, { error: 'injected failure' });
    }
    const parts = (request.url ?? '').split('?')[0]!.split('/').filter(Boolean).map(decodeURIComponent);
    const [version, lang, kind, id, ...rest] = parts;
    const language = lang === undefined ? undefined : data.get(lang);
    if (version !== 'v2' || !language || rest.length > 0) return reply(404, { error: 'not found' });
    if (kind === 'sets' && id === undefined) {
      return reply(200, language.setList.map((set) => ({
        id: set.id, name: set.name, logo: set.logo, symbol: set.symbol, cardCount: set.cardCount,
      })));
    }
    if (kind === 'sets') {
      const set = language.sets.get(id!);
      if (!set) return reply(404, { error: 'set not found' });
      return reply(200, { ...set, cards: (language.cardsBySet.get(set.id) ?? []).map(cardBrief) });
    }
    if (kind === 'cards' && id === undefined) return reply(200, [...language.cards.values()].map(cardBrief));
    if (kind === 'cards') {
      const card = language.cards.get(id!);
      if (!card) return reply(404, { error: 'card not found' });
      return reply(200, { ...card, pricing: { cardmarket: { avg: 1.5 } } });
    }
    return reply(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v2`,
    requests: () => requests,
    failures: () => failed,
    notModified: () => notModified,
    setFailures(mode) {
      failures = mode;
      modeSince = requests;
      failedOnce.clear();
    },
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  };
}
