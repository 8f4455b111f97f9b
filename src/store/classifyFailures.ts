import { StoreUnavailableError } from '../storeUnavailable.js';

/**
 * The store, with every failure of its methods classified: an error that `isUnavailable`
 * recognizes (its own driver's) becomes a StoreUnavailableError, anything else passes as it is.
 * It covers promises, async iterables (exports) and synchronous throws alike, so no method of a
 * store needs a try/catch of its own.
 */
export function classifyFailures<T extends object>(store: T, isUnavailable: (error: unknown) => boolean): T {
  const classify = (error: unknown) => (isUnavailable(error) ? new StoreUnavailableError(error) : error);
  const guard = (result: unknown): unknown => {
    if (result instanceof Promise) return result.catch((error: unknown) => { throw classify(error); });
    if (isAsyncIterable(result)) return guardIterable(result, classify);
    return result;
  };
  const wrappers = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let wrapper = wrappers.get(property);
      if (!wrapper) {
        wrapper = (...args: unknown[]) => {
          try {
            return guard((value as (...a: unknown[]) => unknown).apply(target, args));
          } catch (error) {
            throw classify(error);
          }
        };
        wrappers.set(property, wrapper);
      }
      return wrapper;
    },
  });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

async function* guardIterable<V>(iterable: AsyncIterable<V>, classify: (error: unknown) => unknown): AsyncIterable<V> {
  try {
    yield* iterable;
  } catch (error) {
    throw classify(error);
  }
}
