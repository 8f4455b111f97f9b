import type { AccessStore } from '../../src/access/accessStore.js';
import { KeyAdmin } from '../../src/access/keyAdmin.js';

let issued = 0;

/** Creates a key directly in the access store, as the operator CLI does; returns the key. */
export async function issueKey(
  store: AccessStore,
  options: { email?: string; tier?: string; monthlyLimit?: number | null; now?: () => Date } = {},
): Promise<string> {
  issued += 1;
  const result = await new KeyAdmin(store, options.now).create({
    email: options.email ?? `tester-${process.pid}-${issued}@example.test`,
    tier: options.tier ?? 'free',
    monthlyLimit: options.monthlyLimit === undefined ? 1000 : options.monthlyLimit,
  });
  if (!result.ok) throw new Error(result.message);
  return result.key;
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
