/**
 * JavaScript the browser downloads per screen (gzip), against DESIGN §8's budgets: the login screen
 * ≤ 250 KB, a dashboard ≤ 350 KB. Needs the built web app (npm run build).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import pino from 'pino';
import { buildApp, DEFAULT_WEB_DIST } from '../apps/server/src/app.ts';
import { bootstrap } from '../apps/server/src/db/bootstrap.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

// /users carries the DataGrid (≈150 KB gzip); it is an admin screen, not a dashboard: no budget.
const BUDGET_KB: Record<string, number | undefined> = { '/login': 250, '/menu': 350, '/fabrica': 350 };

if (!fs.existsSync(`${DEFAULT_WEB_DIST}/index.html`)) {
  console.log('\nWeb bundle: apps/web/dist missing, run "npm run build" first; skipped');
} else {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await bootstrap(database.db, 'clave-bench-1', pino({ level: 'silent' }));
  const app = await buildApp({ database, jwtSecret: randomBytes(32).toString('hex') });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage({ baseURL: address });
  const seen = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || seen.has(url)) return;
    seen.set(url, 0);
    seen.set(url, gzipSync(await response.body()).length);
  });
  // Lazy chunks load right after the screen renders; give them a moment.
  const settle = () => page.waitForTimeout(1500);
  const total = () => [...seen.values()].reduce((a, b) => a + b, 0) / 1024;

  console.log('\nWeb bundle (JavaScript downloaded, gzip, cumulative from a cold load)');
  await page.goto('/login');
  await page.getByLabel('Usuario').waitFor();
  await settle();
  const report = (path: string, kb: number) => {
    const budget = BUDGET_KB[path];
    const vs = budget ? `   budget ${budget} KB   ratio ${(kb / budget).toFixed(2)}` : '   (no budget)';
    console.log(`  ${path.padEnd(10)} ${kb.toFixed(1).padStart(7)} KB${vs}`);
  };
  report('/login', total());
  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-bench-1');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL('**/menu');
  await settle();
  report('/menu', total());
  await page.goto('/users');
  await page.getByRole('button', { name: 'Nuevo usuario' }).waitFor();
  await settle();
  report('/users', total());
  // A dashboard opened directly (a bookmark): everything it needs, from an empty cache.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  seen.clear();
  await page.goto('/fabrica');
  await page.locator('header h1', { hasText: 'Dashboard Fábrica' }).waitFor();
  await page.waitForTimeout(3_000);
  report('/fabrica', total());
  await browser.close();
  await app.close();
  await database.close();
}
