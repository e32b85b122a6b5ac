/**
 * JavaScript the browser downloads per screen, as it travels (CDP: the encoded body bytes of every
 * script response, brotli when the server sends it), against DESIGN §8's budgets: the login screen
 * ≤ 250 KB, every other screen ≤ 350 KB. The gzip column is the same scripts gzipped (-9), for a
 * client that does not accept brotli. Needs the built web app (npm run build; WEB_DIST for another
 * build; WEB_BUNDLE_DETAIL=1 also lists each screen's scripts;
 * WEB_BUNDLE_SCREENS=/fabrica,/reportes measures only those data screens). Sets a failing exit code when a screen
 * is over its budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { findRoute, ROUTES } from '@planta/domain';
import { chromium } from 'playwright-core';
import { servirConDemo } from './servidor-demo.ts';
import { DEFAULT_WEB_DIST } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const TZ = 'America/Lima';
const WEB_DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : DEFAULT_WEB_DIST;
const BUDGET_KB: Record<string, number | undefined> = { '/login': 250, '/menu': 350 };
/**
 * Every other screen of the drawer, the admin screens included (issue 34 item 2), each opened cold
 * (a bookmark, empty cache) against the 350 KB budget.
 */
const SCREENS = ROUTES.filter((r) => r.nav && r.path !== '/menu').map((r) => r.path);
for (const route of SCREENS) BUDGET_KB[route] = 350;

if (!fs.existsSync(`${WEB_DIST}/index.html`)) {
  console.log(`\nWeb bundle: ${WEB_DIST} missing, run "npm run build" first; skipped`);
} else {
  const database = await openDatabase({ kind: 'pglite' });
  // A few demo days: each screen draws what it draws for a plant (charts included, which load
  // ECharts), not its empty state.
  const { app, address } = await servirConDemo(database, { dias: 2, webDist: WEB_DIST, timeZone: TZ });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ baseURL: address });

  // Per script URL: the body bytes as received (response headers excluded), and gzip -9 of it.
  const wire = new Map<string, number>();
  const gzip = new Map<string, number>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, { url: string; headers: number }>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script')
      scripts.set(e.requestId, { url: e.response.url, headers: e.response.encodedDataLength });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const script = scripts.get(e.requestId);
    if (script && !wire.has(script.url)) wire.set(script.url, e.encodedDataLength - script.headers);
  });
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || gzip.has(url)) return;
    gzip.set(url, 0);
    try {
      gzip.set(url, gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      gzip.delete(url); // navigated away before the body was read
    }
  });
  // Lazy chunks load right after the screen renders; give them a moment.
  const settle = (ms = 1500) => page.waitForTimeout(ms);
  const kb = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0) / 1024;
  const over: string[] = [];
  const report = (route: string) => {
    const total = kb(wire);
    const budget = BUDGET_KB[route];
    let vs = '   (no budget)';
    if (budget) {
      vs = `   budget ${budget} KB   ratio ${(total / budget).toFixed(2)}   ${total <= budget ? 'PASS' : 'FAIL'}`;
      if (total > budget) over.push(route);
    }
    if (process.env.WEB_BUNDLE_DETAIL)
      for (const [url, bytes] of [...wire].sort((a, b) => b[1] - a[1]))
        console.log(`      ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${url.replace(/^.*\/assets\//, '')}`);
    console.log(
      `  ${route.padEnd(26)} wire ${total.toFixed(1).padStart(6)} KB   gzip ${kb(gzip).toFixed(1).padStart(6)} KB${vs}`,
    );
  };

  console.log('\nWeb bundle (JavaScript of a screen opened cold: bytes on the wire, and gzip -9)');
  await page.goto('/login');
  await page.getByLabel('Usuario').waitFor();
  await settle();
  report('/login');
  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-bench-1');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL('**/menu');
  await settle();
  report('/menu'); // cumulative after /login: what a fresh visit downloads up to the menu
  // A screen opened directly (a bookmark), logged in: everything it needs, from an empty cache.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const only = process.env.WEB_BUNDLE_SCREENS?.split(',');
  for (const route of SCREENS.filter((r) => !only || only.includes(r))) {
    wire.clear();
    gzip.clear();
    // The pointer off the charts (not where the last click left it): what a chart loads on first
    // hover (its tooltip) is not part of opening the screen.
    await page.mouse.move(0, 0);
    await page.goto(route);
    await page
      .locator('h1', { hasText: findRoute(route)!.title })
      .first()
      .waitFor();
    await settle(3_000);
    report(route);
  }
  if (over.length > 0) {
    console.log(`  over budget: ${over.join(', ')}`);
    process.exitCode = 1;
  }
  await browser.close();
  await app.close();
  await database.close();
}
