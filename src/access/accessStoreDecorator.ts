import type {
  AccessStore, Admission, AddressLimit, KeyInsertion, KeyRecord, KeySelector, KeyUsage, NewKey, Reservation,
} from './accessStore.js';

/**
 * An AccessStore that passes every call to the store it wraps: the base of the decorators
 * (CachedAccessStore, ReservedQuota, store/ClassifiedAccessStore), each overriding only what it changes.
 */
export class AccessStoreDecorator implements AccessStore {
  constructor(protected readonly inner: AccessStore) {}

  findKeyByHash(keyHash: string): Promise<KeyRecord | null> {
    return this.inner.findKeyByHash(keyHash);
  }

  admitRequest(keyHash: string, month: string): Promise<Admission | null> {
    return this.inner.admitRequest(keyHash, month);
  }

  countRequest(keyId: string, month: string, monthlyLimit: number | null): Promise<number | null> {
    return this.inner.countRequest(keyId, month, monthlyLimit);
  }

  reserveRequests(keyId: string, month: string, monthlyLimit: number | null, wanted: number): Promise<Reservation | null> {
    return this.inner.reserveRequests(keyId, month, monthlyLimit, wanted);
  }

  releaseRequests(keyId: string, month: string, count: number): Promise<void> {
    return this.inner.releaseRequests(keyId, month, count);
  }

  usage(keyId: string, month: string): Promise<number> {
    return this.inner.usage(keyId, month);
  }

  insertKey(key: NewKey, addressLimit?: AddressLimit): Promise<KeyInsertion> {
    return this.inner.insertKey(key, addressLimit);
  }

  keysCreatedBy(address: string, day: string): Promise<number> {
    return this.inner.keysCreatedBy(address, day);
  }

  revokeKeys(selector: KeySelector, revokedAt: string): Promise<KeyRecord[]> {
    return this.inner.revokeKeys(selector, revokedAt);
  }

  listKeys(month: string): Promise<KeyUsage[]> {
    return this.inner.listKeys(month);
  }

  keysVersion(): Promise<string> {
    return this.inner.keysVersion();
  }

  spendGrant(grantId: string, expiresAt: number, nowSeconds: number): Promise<boolean> {
    return this.inner.spendGrant(grantId, expiresAt, nowSeconds);
  }

  revokeGrant(grantId: string, expiresAt: number, nowSeconds: number): Promise<void> {
    return this.inner.revokeGrant(grantId, expiresAt, nowSeconds);
  }

  isGrantRevoked(grantId: string): Promise<boolean> {
    return this.inner.isGrantRevoked(grantId);
  }

  oauthSecret(name: string, candidate: string): Promise<string> {
    return this.inner.oauthSecret(name, candidate);
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
