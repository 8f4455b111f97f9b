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
