import type { SourceStamp } from './catalogShapes.js';

/** Whether a stored stamp (null: none) is `stamp`: the same source bytes, mapped by the same mapping version. */
export const sameStamp = (stored: SourceStamp | null, stamp: SourceStamp): boolean =>
  stored !== null && stored.fingerprint === stamp.fingerprint && stored.mappingVersion === stamp.mappingVersion;
