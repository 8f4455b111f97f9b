import type {
  AccessStore, Admission, AddressLimit, KeyInsertion, KeyRecord, KeySelector, KeyUsage, NewKey, Reservation,
} from '../access/accessStore.js';
import { AccessStoreDecorator } from '../access/accessStoreDecorator.js';
import { StoreUnavailableError } from '../storeUnavailable.js';

/**
 * An access store whose failures are classified: an error its driver raises when the database
 * cannot be reached (`isUnavailable`) becomes a StoreUnavailableError, anything else passes as it
 * is. Every method of the port is listed here, one line each: a method the base class passed
 * through as it is would escape the classification.
 */
export class ClassifiedAccessStore extends AccessStoreDecorator {
  constructor(inner: AccessStore, private readonly isUnavailable: (error: unknown) => boolean) {
    super(inner);
  }

  /** The call's outcome, its failure classified whether it threw or rejected. */
  private async classified<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw this.isUnavailable(error) ? new StoreUnavailableError(error) : error;
    }
  }

  override findKeyByHash(keyHash: string): Promise<KeyRecord | null> {
    return this.classified(() => this.inner.findKeyByHash(keyHash));
  }

  override admitRequest(keyHash: string, month: string): Promise<Admission | null> {
    return this.classified(() => this.inner.admitRequest(keyHash, month));
  }

  override countRequest(keyId: string, month: string, monthlyLimit: number | null): Promise<number | null> {
    return this.classified(() => this.inner.countRequest(keyId, month, monthlyLimit));
  }

  override reserveRequests(keyId: string, month: string, monthlyLimit: number | null, wanted: number): Promise<Reservation | null> {
    return this.classified(() => this.inner.reserveRequests(keyId, month, monthlyLimit, wanted));
  }

  override releaseRequests(keyId: string, month: string, count: number): Promise<void> {
    return this.classified(() => this.inner.releaseRequests(keyId, month, count));
  }

  override usage(keyId: string, month: string): Promise<number> {
    return this.classified(() => this.inner.usage(keyId, month));
  }

  override insertKey(key: NewKey, addressLimit?: AddressLimit): Promise<KeyInsertion> {
    return this.classified(() => this.inner.insertKey(key, addressLimit));
  }

  override keysCreatedBy(address: string, day: string): Promise<number> {
    return this.classified(() => this.inner.keysCreatedBy(address, day));
  }

  override revokeKeys(selector: KeySelector, revokedAt: string): Promise<KeyRecord[]> {
    return this.classified(() => this.inner.revokeKeys(selector, revokedAt));
  }

  override listKeys(month: string): Promise<KeyUsage[]> {
    return this.classified(() => this.inner.listKeys(month));
  }

  override keysVersion(): Promise<string> {
    return this.classified(() => this.inner.keysVersion());
  }

  override spendGrant(grantId: string, expiresAt: number, nowSeconds: number): Promise<boolean> {
    return this.classified(() => this.inner.spendGrant(grantId, expiresAt, nowSeconds));
  }

  override revokeGrant(grantId: string, expiresAt: number, nowSeconds: number): Promise<void> {
    return this.classified(() => this.inner.revokeGrant(grantId, expiresAt, nowSeconds));
  }

  override isGrantRevoked(grantId: string): Promise<boolean> {
    return this.classified(() => this.inner.isGrantRevoked(grantId));
  }

  override oauthSecret(name: string, candidate: string): Promise<string> {
    return this.classified(() => this.inner.oauthSecret(name, candidate));
  }

  override ping(): Promise<boolean> {
    return this.classified(() => this.inner.ping());
  }

  override close(): Promise<void> {
    return this.classified(() => this.inner.close());
  }
}
