import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's chromium package (.ci/run installs it); CHROMIUM_PATH names another build. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The skip option for tests that drive a real browser: a one-line reason on a machine without
 * Chromium, and a hard failure under CI=true, where .ci/run has installed it.
 */
export function needsChromium(): { skip: string | false } {
  if (existsSync(CHROMIUM_PATH)) return { skip: false };
  if (process.env.CI === 'true') throw new Error(`CI=true but Chromium is missing at ${CHROMIUM_PATH} (apt-get install chromium)`);
  return { skip: `needs Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)` };
}

export interface HeadlessBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Headless Chromium with a fresh profile. Without the background-networking flags Chromium
 * reaches for Google's services at start, and on a machine without internet its connections are refused.
 */
export async function launchChromium(): Promise<HeadlessBrowser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 1280, height: 1000 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
