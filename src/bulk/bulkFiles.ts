import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CatalogStore } from '../catalog/catalogStore.js';
import { MANIFEST, moveIntoPlace, writeBulkFiles, type BulkFileEntry, type BulkManifest } from './bulkBuild.js';

export interface BulkFilesOptions {
  /** How often the catalog version is read, to build the files of a new one; 1 s unless told. */
  checkEveryMs?: number;
  /** How long the files of a replaced version stay downloadable; 1 h unless told. */
  keepReplacedMs?: number;
  /** Where a build's outcome is told (the service's log). */
  log?: { info(message: string): void; error(message: string, error: unknown): void };
}

/** A file of a build on disk, as the download route serves it. */
export interface BulkFileOnDisk extends BulkFileEntry {
  catalogVersion: string;
  /** The uncompressed body, and its gzip form. */
  path: string;
  gzipPath: string;
}

/** What a version's directory is called: its catalog version, which is a UUID. */
const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Marks a directory whose version was replaced, with the time it was (its mtime). */
const REPLACED = 'replaced';
const BUILDING = '.building-';

/**
 * The bulk files of the catalog under one directory (BULK_DIR): a directory per catalog version
 * holding a file per language and kind, their gzip forms and a manifest. A timer reads the catalog
 * version; a version with no files yet is built off the request path (one build at a time, into a
 * temporary directory renamed into place when complete), and the files of the version it replaces
 * stay for keepReplacedMs. The newest complete build is what /v1/bulk lists.
 */
export class BulkFiles {
  private latestBuild: BulkManifest | null = null;
  private readonly manifests = new Map<string, BulkManifest>();
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly keepReplacedMs: number;

  constructor(private readonly store: Pick<CatalogStore, 'retrieval' | 'readSnapshot'>, readonly dir: string,
    private readonly options: BulkFilesOptions = {}) {
    this.keepReplacedMs = options.keepReplacedMs ?? 3600_000;
  }

  /** Builds the current version's files if they are missing, then keeps checking. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), this.options.checkEveryMs ?? 1000);
    this.timer.unref();
    void this.refresh().catch(() => undefined);
  }

  /** Makes sure the files of the catalog version stored now exist (building them if not); one run at a time. */
  refresh(): Promise<void> {
    this.running ??= this.update().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The newest complete build; null before the first. */
  latest(): BulkManifest | null {
    return this.latestBuild;
  }

  /** The file `name` of the build of `version`, while it is kept; null otherwise. */
  async file(version: string, name: string): Promise<BulkFileOnDisk | null> {
    if (!VERSION.test(version)) return null;
    const manifest = this.manifests.get(version) ?? await this.readManifest(version);
    const entry = manifest?.files.find((file) => file.name === name);
    if (!entry) return null;
    const file = path.join(this.dir, version, entry.name);
    return { ...entry, catalogVersion: version, path: file, gzipPath: `${file}.gz` };
  }

  /** Stops checking, and waits for a build under way to end (before the store closes under it). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async update(): Promise<void> {
    const { version } = await this.store.retrieval();
    if (version === '' || this.latestBuild?.catalog_version === version) return;
    const manifest = await this.readManifest(version) ?? await this.build();
    if (!manifest) return;
    this.latestBuild = manifest;
    await this.retireOthers(manifest.catalog_version);
  }

  private async build(): Promise<BulkManifest | null> {
    await mkdir(this.dir, { recursive: true });
    const started = performance.now();
    const building = path.join(this.dir, `${BUILDING}${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      const manifest = await this.store.readSnapshot((snapshot) =>
        (snapshot.version === '' ? Promise.resolve(null) : writeBulkFiles(snapshot, building)));
      if (!manifest) return null;
      await moveIntoPlace(building, path.join(this.dir, manifest.catalog_version));
      this.options.log?.info(`bulk files of catalog ${manifest.catalog_version} built in ${Math.round(performance.now() - started)} ms: ` +
        `${manifest.files.length} files, ${manifest.files.reduce((sum, file) => sum + file.size, 0)} bytes`);
      // Read back from its place: another process may have put the same version there first.
      return await this.readManifest(manifest.catalog_version);
    } catch (error) {
      await rm(building, { recursive: true, force: true });
      this.options.log?.error('building the bulk files failed; the previous ones are served meanwhile', error);
      throw error;
    }
  }

  private async readManifest(version: string): Promise<BulkManifest | null> {
    try {
      const manifest = JSON.parse(await readFile(path.join(this.dir, version, MANIFEST), 'utf8')) as BulkManifest;
      this.manifests.set(version, manifest);
      return manifest;
    } catch {
      return null;
    }
  }

  /** Marks every other version replaced (now, the first time it is seen so), and removes those replaced long enough ago. */
  private async retireOthers(current: string): Promise<void> {
    const now = Date.now();
    for (const name of await readdir(this.dir)) {
      if (name === current) continue;
      const dir = path.join(this.dir, name);
      if (name.startsWith(BUILDING)) {
        // A build another process abandoned (it crashed): gone once old enough.
        if (now - (await stat(dir)).mtimeMs > this.keepReplacedMs) await rm(dir, { recursive: true, force: true });
        continue;
      }
      if (!VERSION.test(name)) continue;
      const marker = path.join(dir, REPLACED);
      const replacedAt = await stat(marker).then((found) => found.mtimeMs, () => null);
      if (replacedAt === null) {
        await writeFile(marker, '');
        await utimes(marker, now / 1000, now / 1000);
      } else if (now - replacedAt > this.keepReplacedMs) {
        this.manifests.delete(name);
        await rm(dir, { recursive: true, force: true });
      }
    }
  }
}
