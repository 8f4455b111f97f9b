import { hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * What a page's entity tag holds beside its data: a hash of the code that renders the pages (this
 * folder's modules), so a deployment that changes how a page looks is not answered 304 from a
 * browser's copy of the old one; the same on every instance of one build.
 */
export const PAGE_REVISION = hash('sha256', readdirSync(here).filter((name) => /\.(js|ts)$/.test(name)).sort()
  .map((name) => readFileSync(path.join(here, name), 'utf8')).join('\u0000'), 'base64url').slice(0, 16);
