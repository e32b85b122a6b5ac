import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlDe } from './api.ts';
import { iniciarSesion, peticionesEnVuelo, seguirPeticiones, useBrowser } from './browser.ts';
import { es } from './dashboard.ts';
import {
  arrancarServidor,
  E2E_ADMIN,
  freePort,
  type OpcionesServidor,
  root,
  type Servidor,
} from './servidor.ts';

// The OBZ board on the plant-floor TV survives a restart of the server: this file starts its own
// server process (not the shared one), stops it under the board and starts it again on the same
// port and DATA_DIR (the same database, sessions and JWT secret).

const ANIO = 2012;
const MES = 3;

let opciones: OpcionesServidor;
let servidor: Servidor | undefined;
/** The start in progress: a test that ran out of time may leave one, stopped before its data dir goes. */
let arrancando: Promise<Servidor> | undefined;
/** Starts this file's server (again: the same port and DATA_DIR). */
const arrancar = async () => (servidor = await (arrancando = arrancarServidor(opciones)));

beforeAll(async () => {
  opciones = {
    port: await freePort(),
    opcPort: await freePort(),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'planta-e2e-obz-')),
    logFile: path.join(root, 'test-results/e2e-servidor-obz-reinicio.log'),
  };
  fs.rmSync(opciones.logFile, { force: true });
  await arrancar();
});

afterAll(async () => {
  // A server still starting when the test ended is stopped too: removing its data dir under it left
  // it running, unable to reach its database, through the rest of the run.
  const ultimo = await arrancando?.catch(() => undefined);
  for (const s of new Set([servidor, ultimo])) await s?.detener();
  fs.rmSync(opciones.dataDir, { recursive: true, force: true });
}, 180_000);

/** The GraphQL API of this file's own server (api.ts calls the shared one). */
const gql = graphqlDe(() => {
  if (!servidor) throw new Error('el servidor no está en marcha');
  return servidor.baseURL;
});

async function upsertReal(paquete: string, real: number): Promise<void> {
  const { login } = await gql<{ login: { access_token: string } }>(
    'mutation($i: LoginInput!) { login(input: $i) { access_token } }',
    { i: E2E_ADMIN },
  );
  await gql(
    'mutation($i: ObzMontoInput!) { upsertObzMonto(input: $i) { mes } }',
    { i: { paquete_id: paquete, mes: `${ANIO}-0${MES}-01`, presupuesto: 2000, real } },
    login.access_token,
  );
}

/** HH:MM → minutes of the day. */
const minutos = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

describe('OBZ board and a server restart', () => {
  const { browser } = useBrowser();

  it('shows "Sin conexión desde HH:MM" with the last data while the server is down, and recovers by itself after a graceful stop and after kill -9', async () => {
    const { login } = await gql<{ login: { access_token: string } }>(
      'mutation($i: LoginInput!) { login(input: $i) { access_token } }',
      { i: E2E_ADMIN },
    );
    const { obzPaquetes } = await gql<{ obzPaquetes: { id: string }[] }>(
      '{ obzPaquetes { id } }',
      {},
      login.access_token,
    );
    const paquete = obzPaquetes[0]!.id;
    await upsertReal(paquete, 1100);

    const context = await browser().newContext({
      baseURL: servidor!.baseURL,
      viewport: { width: 1920, height: 1080 },
      locale: 'es-PE',
    });
    const page: Page = await context.newPage();
    // The board's requests not answered yet (one asked for just before a stop may still land).
    seguirPeticiones(page);
    const realMes = async () =>
      (await page.getByTestId(`fila-obz-${paquete}`).locator('td').nth(1).innerText()).trim();
    const aviso = page.getByTestId('aviso-conexion');
    const actualizado = () => page.getByTestId('ultima-actualizacion').innerText();
    /** Advances the board's clock 20 s at a time (its minute, its retries) until `leer` gives `esperado`. */
    const avanzarHasta = <T>(leer: () => Promise<T>, esperado: T) =>
      expect
        .poll(
          async () => {
            await page.clock.fastForward(20_000);
            return leer();
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(esperado);

    await page.clock.install();
    await iniciarSesion(page);
    await page.goto(`/obz?anio=${ANIO}&mes=${MES}&kiosko=1`);
    await expect.poll(realMes, { timeout: 20_000 }).toBe(es(1100));
    await expect.poll(actualizado).toMatch(/^Actualizado \d{2}:\d{2}:\d{2}$/);
    // From here the board's timers run only when the test advances its clock: no request of its
    // own can slip in between the test's steps. A mark on the window shows it is never reloaded.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.evaluate(() => Object.assign(window, { marcaSinRecarga: true }));

    let mostrado = es(1100);
    for (const [signal, real] of [
      ['SIGTERM', 1200],
      ['SIGKILL', 1300],
    ] as const) {
      // Written just before the stop: the board has not asked for it yet.
      await upsertReal(paquete, real);
      await servidor!.detener(signal);
      servidor = undefined;
      // The last answer the board got, read once none is in flight and the time shown has
      // settled: a graceful stop still answers what it was asked while stopping (the board asks
      // again when its live link closes), so that answer, with the new figure, may be the last.
      await expect
        .poll(async () => {
          const antes = await actualizado();
          await new Promise((r) => setTimeout(r, 500));
          return peticionesEnVuelo(page) === 0 && antes === (await actualizado());
        })
        .toBe(true);
      const alCaer = await realMes();
      expect([mostrado, es(real)], signal).toContain(alCaer);
      mostrado = alCaer;

      // Down: the minute's request fails; the notice shows and the last data stays.
      await avanzarHasta(() => aviso.isVisible(), true);
      // The time of the last answer, read once the board knows it is cut off (an answer to a
      // request made while the server was stopping can still land in the second before).
      const ultima = await actualizado();
      const texto = await aviso.innerText();
      expect(texto, signal).toMatch(/^Sin conexión desde \d{2}:\d{2}$/);
      // Since the last contact with the server (a minute or two before the notice, board time).
      const desde = texto.slice(-5);
      expect((minutos(desde) - minutos(ultima.slice(12, 17)) + 1440) % 1440, signal).toBeLessThanOrEqual(2);
      expect(await realMes(), signal).toBe(mostrado);
      await page.clock.fastForward(60_000);
      expect(await aviso.innerText(), signal).toBe(texto);
      expect(await realMes(), signal).toBe(mostrado);
      expect(await actualizado(), signal).toBe(ultima);

      // The same server again, on the same port and DATA_DIR: the board recovers on its own, with
      // the figure written before the stop (kept by the database through the stop).
      await arrancar();
      await avanzarHasta(realMes, es(real));
      mostrado = es(real);
      // The notice goes once the board's other query (the day's figures) succeeds too: its retry
      // waits on the paused clock, so the clock moves on until it does.
      await avanzarHasta(() => aviso.count(), 0);
      expect(await actualizado(), signal).not.toBe(ultima);
      expect(new URL(page.url()).pathname, signal).toBe('/obz');
      expect(await page.getByLabel('Usuario').count(), signal).toBe(0);
      expect(await page.evaluate(() => 'marcaSinRecarga' in window), signal).toBe(true);
    }
    await context.close();
    // Two stops and starts of a server on the embedded database: ≈ 40 s on a quiet machine, over 90
    // on a slow 2-core one in a full run (each start ≈ 5–35 s there).
  }, 300_000);
});
