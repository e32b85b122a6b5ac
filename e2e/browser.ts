import fs from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Flags for a closed network and a root user (see docs/testing.md).
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Chromium per test file; each test gets a fresh context (no shared cookies). */
export function useBrowser(): {
  browser: () => Browser;
  baseURL: string;
  newPage: (width?: number) => Promise<Page>;
} {
  let browser: Browser | undefined;
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM))
      throw new Error(`No se encontró Chromium en ${CHROMIUM} (apt-get install -y chromium)`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  const get = () => {
    if (!browser) throw new Error('Chromium no arrancó');
    return browser;
  };
  return {
    browser: get,
    baseURL,
    newPage: async (width = 1366) => {
      const context = await get().newContext({ baseURL, viewport: { width, height: 800 }, locale: 'es-PE' });
      return context.newPage();
    },
  };
}
