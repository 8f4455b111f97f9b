import http from 'node:http';

/** The four rate-limit headers of a response, as numbers (NaN when absent), and Retry-After. */
export function rateLimitOf(response: Response): { limit: number; used: number; remaining: number; reset: number; retryAfter: string | null } {
  const number = (name: string) => Number(response.headers.get(name) ?? Number.NaN);
  return {
    limit: number('x-ratelimit-limit'),
    used: number('x-ratelimit-used'),
    remaining: number('x-ratelimit-remaining'),
    reset: number('x-ratelimit-reset'),
    retryAfter: response.headers.get('retry-after'),
  };
}

/** The response and its JSON body. */
export async function fetchJson(url: string, init?: RequestInit): Promise<{ response: Response; body: unknown }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { response, body: text === '' ? undefined : JSON.parse(text) };
}

export const unixSeconds = (iso: string) => Date.parse(iso) / 1000;

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** Date.now() when the answer's headers arrived. */
  receivedAt: number;
}

/**
 * One request sent from a given local address (any of 127.0.0.0/8 on loopback), so a test can be
 * several clients at once without trusting X-Forwarded-For. A new connection each time.
 */
export function requestFrom(localAddress: string, url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false }, (response) => {
      const receivedAt = Date.now();
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => {
        try {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text === '' ? undefined : JSON.parse(text), receivedAt });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    request.on('error', reject);
    request.end(init.body);
  });
}
