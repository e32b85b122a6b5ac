import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasHorizontalScroll, iniciarSesion, useBrowser } from './browser.ts';
import { arrancarServidor, freePort, type OpcionesServidor, root, type Servidor } from './servidor.ts';

// A first start: the server answers at once and writes its demo history behind it (newest days
// first). Every screen says so while it fills, with how far it has got, and stops saying it at the
// end. This file starts its own server (the shared one has no demo history).

const DIAS = 45;
const AVISO = /^Preparando la historia de demostración: (\d{1,2}) %/;

let opciones: OpcionesServidor;
let servidor: Servidor | undefined;

beforeAll(async () => {
  opciones = {
    port: await freePort(),
    opcPort: await freePort(),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'planta-e2e-demo-')),
    logFile: path.join(root, 'test-results/e2e-servidor-historia-demo.log'),
    demoDays: DIAS,
  };
  fs.rmSync(opciones.logFile, { force: true });
  servidor = await arrancarServidor(opciones);
}, 200_000);

afterAll(async () => {
  await servidor?.detener();
  fs.rmSync(opciones.dataDir, { recursive: true, force: true });
});

async function pagina(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: servidor!.baseURL,
    viewport: { width, height: 800 },
    locale: 'es-PE',
  });
  return context.newPage();
}

const porcentajeServidor = async () =>
  ((await (await fetch(`${servidor!.baseURL}/healthz`)).json()) as { demo?: { porcentaje: number } }).demo
    ?.porcentaje;

describe('demo history on a first start', () => {
  const { browser } = useBrowser();

  it('says "Preparando la historia de demostración: N %" on every screen while it fills (at 360 px too), and goes at 100 %', async () => {
    // The server reports it while it fills.
    const alArrancar = await porcentajeServidor();
    expect(alArrancar === undefined || alArrancar < 100).toBe(true);

    const page = await pagina(browser(), 1366);
    await iniciarSesion(page);
    await page.goto('/fabrica');
    const aviso = page.getByTestId('historia-demo');
    await expect.poll(() => aviso.isVisible(), { timeout: 30_000 }).toBe(true);
    const texto = await aviso.innerText();
    expect(texto).toMatch(AVISO);
    const primero = Number(AVISO.exec(texto)![1]);
    expect(await page.getByRole('status', { name: AVISO }).count()).toBe(1);

    // Another screen: the same notice.
    await page.goto('/fabrica/lineas');
    await expect
      .poll(async () => (await aviso.isVisible()) && (await aviso.innerText()), { timeout: 30_000 })
      .toMatch(AVISO);

    // A phone: the notice fits the screen, nothing scrolls sideways.
    const movil = await pagina(browser(), 360);
    await iniciarSesion(movil);
    await movil.goto('/fabrica');
    const avisoMovil = movil.getByTestId('historia-demo');
    await expect.poll(() => avisoMovil.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await avisoMovil.innerText()).toMatch(AVISO);
    const caja = await avisoMovil.boundingBox();
    expect(caja!.x).toBeGreaterThanOrEqual(0);
    expect(caja!.x + caja!.width).toBeLessThanOrEqual(360);
    expect(await hasHorizontalScroll(movil)).toBe(false);

    // It advances on the screen by itself, and goes once the history is complete.
    const vistos: number[] = [primero];
    await expect
      .poll(
        async () => {
          if (!(await aviso.isVisible())) return 'terminado';
          const m = AVISO.exec(await aviso.innerText().catch(() => ''));
          if (m) vistos.push(Number(m[1]));
          return 'llenando';
        },
        { timeout: 400_000, interval: 1_000 },
      )
      .toBe('terminado');
    expect(await porcentajeServidor()).toBe(100);
    expect(vistos.every((p, i) => i === 0 || p >= vistos[i - 1]!)).toBe(true);
    await expect.poll(() => avisoMovil.isVisible(), { timeout: 10_000 }).toBe(false);
  }, 600_000);
});
