import assert from 'node:assert/strict';
import { readerKeys, type ChildServer, type LogCapture } from './childProcess.js';
import { rateLimitOf } from './http.js';

export const UNAVAILABLE = { error: 'the service is unavailable; try again shortly', code: 'unavailable' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer { at: number; status: number | 'failed'; used: number; headers: boolean; body: unknown }

/** One request: when it was sent, its status ('failed' when no answer came), its rate-limit headers and its body. */
export async function requestAnswer(service: ChildServer, urlPath: string, init: RequestInit = {}): Promise<Answer> {
  const at = Date.now();
  try {
    const response = await fetch(`${service.baseUrl}${urlPath}`, init);
    const text = await response.text();
    const limits = rateLimitOf(response);
    return {
      at, status: response.status, used: limits.used, body: text ? JSON.parse(text) : undefined,
      headers: [limits.limit, limits.used, limits.remaining, limits.reset].every(Number.isInteger),
    };
  } catch {
    return { at, status: 'failed', used: Number.NaN, headers: false, body: undefined };
  }
}

const inWords = (statuses: number[]) => `${statuses.slice(0, -1).join(', ')} and ${statuses.at(-1)}`;

/**
 * Traffic for a test that takes the service's database away and gives it back: three readers' keys
 * (readerKeys, made with the keys CLI in the service's `env`) each read `paths` in a loop, keys are
 * created in another (each from its own X-Forwarded-For address under `addressPrefix`, so the
 * per-address creation limit never answers), and /healthz is polled, until stop(). The checks
 * afterwards are the ones every such test makes.
 */
export async function startTrafficDuringOutage(
  service: ChildServer, logs: LogCapture, options: { paths: string[]; addressPrefix: string; env: Record<string, string> },
) {
  const request = (urlPath: string, init?: RequestInit) => requestAnswer(service, urlPath, init);
  let addresses = 0;
  const createKey = (email: string) => request('/v1/keys', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `${options.addressPrefix}.${(addresses += 1) >> 8}.${addresses & 255}` },
    body: JSON.stringify({ email }),
  });
  const keyed = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

  const readers = await readerKeys(options.env, 3, 'reader');

  let running = true;
  const answers = new Map<string, Answer[]>(readers.map((key) => [key, []]));
  const readLoops = readers.map(async (key) => {
    for (let i = 0; running; i++) {
      answers.get(key)!.push(await request(options.paths[i % options.paths.length]!, keyed(key)));
      await sleep(5);
    }
  });
  const issued: string[] = [];
  const creations: Answer[] = [];
  const createLoop = (async () => {
    for (let i = 0; running; i++) {
      const answer = await createKey(`during-${i}@example.test`);
      creations.push(answer);
      if (answer.status === 201) issued.push((answer.body as { key: string }).key);
      await sleep(40);
    }
  })();
  const health: Answer[] = [];
  const healthLoop = (async () => {
    while (running) {
      health.push(await request('/healthz'));
      await sleep(100);
    }
  })();
  const all = () => [...[...answers.values()].flat(), ...creations];

  return {
    answers, creations, health, all,
    async waitFor(what: string, seen: () => boolean) {
      const deadline = Date.now() + 20_000;
      while (!seen()) {
        if (Date.now() > deadline) {
          const statuses = all().slice(-20).map((a) => a.status).join(' ');
          assert.fail(`timed out waiting for ${what}; last answers: ${statuses}; service log:\n${logs.text.slice(-2000)}`);
        }
        await sleep(50);
      }
    },
    async stop() {
      running = false;
      await Promise.all([...readLoops, createLoop, healthLoop]);
    },
    /** Every 503 is the JSON error with the rate-limit headers, and no answer has a status outside `statuses` (503 included). */
    assertAnswers(statuses: number[]) {
      const everything = all();
      for (const answer of everything.filter((a) => a.status === 503)) {
        assert.deepEqual(answer.body, UNAVAILABLE);
        assert.ok(answer.headers, 'a 503 carries the rate-limit headers');
      }
      assert.deepEqual([...new Set(everything.map((a) => a.status))].filter((s) => !statuses.includes(s as number)), [],
        `nothing but ${inWords(statuses)}: no 500, no dropped connection`);
    },
    /**
     * Every key answered 201 works, those issued around the outage included, and each reader's month
     * holds every answer counted for it: those with a status in `countedStatuses`, and each 503 that
     * shows the key's own count (it was counted before the catalog read failed, as a 500 is; one
     * refused before counting shows the unkeyed defaults, Used 0).
     */
    async assertKeysKept(countedStatuses: number[]) {
      for (const key of [...readers, ...issued]) {
        const check = await request('/v1/sets?limit=1', keyed(key));
        assert.equal(check.status, 200);
      }
      for (const key of readers) {
        const list = answers.get(key)!;
        const counted = list.filter((a) => countedStatuses.includes(a.status as number)).length
          + list.filter((a) => a.status === 503 && a.used > 0).length;
        const final = await request('/v1/sets?limit=1', keyed(key));
        const numbers = list.map((a) => `${a.status}:${a.used}`).join(' ');
        assert.equal(final.used, counted + 1 + 1, `key ${key.slice(0, 9)}: ${counted} counted answers and the check above; answers (status:Used): ${numbers}`);
      }
    },
  };
}
