import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium: the browser checks use it, never a downloaded build. */
const CHROMIUM = '/usr/bin/chromium';

/**
 * Launches Debian's Chromium headless, with nothing of its own going to the network.
 * @throws Error naming the package to install when it is missing
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is required at ${CHROMIUM} (apt-get install -y chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}
