/**
 * Launching the system Chromium for browser tests (widget suite, end-to-end suite).
 * Install it with `.ci/install-chromium.sh`.
 */
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser. Override with `RECALL_BOX_CHROMIUM`. */
export const CHROMIUM_PATH = process.env.RECALL_BOX_CHROMIUM || '/usr/bin/chromium';

/**
 * Flags for a quiet, hermetic headless run. The background-networking/update/sync flags matter:
 * without them Chromium keeps calling Google services, which on a closed network means a flood of
 * failing connections and slow launches.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Starts a headless Chromium. Playwright gives every launch a fresh, empty temporary profile
 * (user-data-dir) and deletes it on `close()`, so launches never share cookies or cache.
 * `options` are passed to Playwright (e.g. `slowMo`); extra `args` are appended to ours.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  try {
    return await chromium.launch({
      ...options,
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    });
  } catch (e) {
    throw new Error(
      `Could not launch Chromium at ${CHROMIUM_PATH} (run .ci/install-chromium.sh or set RECALL_BOX_CHROMIUM): ${String(e)}`,
    );
  }
}
