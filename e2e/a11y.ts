import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, ROUTES } from '@planta/domain';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlDe } from './api.ts';
import { violacionesGraves } from './axe.ts';
import { escribirHistorico, estadoGrafico } from './dashboard.ts';
import {
  expectPath,
  headerTitle,
  iniciarSesion,
  loginThroughForm,
  peticionesEnVuelo,
  seguirPeticiones,
  todoALaVista,
  useBrowser,
  visit,
} from './browser.ts';
import {
  arrancarServidor,
  basePostgres,
  E2E_ADMIN,
  freePort,
  type OpcionesServidor,
  root,
  type Servidor,
} from './servidor.ts';

// Accessibility (DESIGN §7, issue 22): axe-core's WCAG 2.0–2.2 A/AA rules on every route of SPEC §2
// (iterated from the domain's ROUTES, so a new route is scanned from its first build), on the
// forbidden, not-found and login pages and on the dialogs while open, at 1440 and 360 px: no serious
// or critical violation. Then the keyboard-only path with a visible focus ring, and reduced motion.
// One browser context per viewport, logged in once, moving between routes client-side (fast).
// Declared by a11y-1440.test.ts and a11y-360.test.ts, so two e2e workers scan at once.
//
// With data on screen (issue 31 item 19): each file starts its own server with 35 days of demo
// history (the shared ones have none: their past days are empty), and scans each screen only once its
// requests are answered, its charts drawn and its transitions over (see settle), so tables full of
// rows and charts with their tables are what axe reads, not the loading state.

const ETIQUETAS = 'Rendimiento de etiquetas (%)';
const DEMO_DAYS = 35;

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await violacionesGraves(page), `${where} @ ${page.viewportSize()?.width} px`).toEqual([]);
}

/**
 * What still says the screen is not shown in full: requests in flight, something busy (a chart
 * drawing, aria-busy), a spinner, 'Cargando...', a chart whose canvas is still blank, or a transition
 * or animation running (contrast is computed on what is painted). Empty once the screen is settled.
 */
async function porAsentar(page: Page): Promise<string[]> {
  const quedan = peticionesEnVuelo(page);
  const enPagina = await page.evaluate(() => {
    const motivos: string[] = [];
    const visible = (el: Element) =>
      (el as HTMLElement).offsetParent !== null || el.closest('[role="dialog"]');
    const ocupados = Array.from(
      document.querySelectorAll('[aria-busy="true"], [data-state="loading"]'),
    ).filter(visible);
    if (ocupados.length > 0) motivos.push(`${ocupados.length} ocupados`);
    const spinners = Array.from(
      document.querySelectorAll('[role="progressbar"]:not([aria-valuenow])'),
    ).filter(visible);
    if (spinners.length > 0) motivos.push(`${spinners.length} indicadores de carga`);
    if (/Cargando(\.\.\.|…)/.test(document.body.innerText)) motivos.push('«Cargando...»');
    // A drawn chart has painted pixels (ECharts draws in its own frame after setOption).
    for (const chart of Array.from(document.querySelectorAll('[data-state="ready"]'))) {
      const canvas = chart.querySelector('canvas');
      if (!canvas || canvas.width === 0 || canvas.height === 0) continue;
      const ctx = canvas.getContext('2d');
      const data = ctx?.getImageData(0, 0, canvas.width, canvas.height).data;
      let pintado = false;
      for (let i = 3; data && i < data.length; i += 16)
        if (data[i]! > 0) {
          pintado = true;
          break;
        }
      if (!pintado) motivos.push(`gráfico sin pintar: ${chart.getAttribute('data-testid') ?? ''}`);
    }
    const animando = document.getAnimations().filter((a) => a.playState === 'running');
    // An infinite animation (a live indicator's pulse) never ends: only the finite ones are waited for.
    const finitas = animando.filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    if (finitas.length > 0) motivos.push(`${finitas.length} transiciones en curso`);
    return motivos;
  });
  return quedan > 0 ? [`${quedan} peticiones en curso`, ...enPagina] : enPagina;
}

/**
 * Waits until the screen has its data and charts on it (nothing of {@link porAsentar} left, twice in
 * a row: an answer can start the next request) and, when given, until `listo` holds (what the screen
 * must show with the demo history: rows of a table, a day's figures).
 */
async function settle(page: Page, where: string, listo?: () => Promise<boolean>): Promise<void> {
  let seguidas = 0;
  await expect
    .poll(
      async () => {
        const motivos = await porAsentar(page);
        if (motivos.length === 0 && listo && !(await listo()))
          motivos.push('faltan los datos de la pantalla');
        seguidas = motivos.length === 0 ? seguidas + 1 : 0;
        return seguidas >= 2 ? [] : motivos.length > 0 ? motivos : ['comprobando otra vez'];
      },
      { timeout: 45_000, interval: 250, message: `${where}: la pantalla no terminó de cargar` },
    )
    .toEqual([]);
}

/**
 * Opens a dialog from the keyboard (focus on `opener`, Enter), runs `inside` (e.g. shows validation
 * errors), scans it while open, closes it with Escape and checks focus went back to `opener`.
 */
async function scanDialog(
  page: Page,
  where: string,
  opener: Locator,
  inside?: () => Promise<void>,
): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.isVisible(), { timeout: 15_000, message: where }).toBe(true);
  await inside?.();
  await settle(page, `diálogo ${where}`); // its data, and its fade-in over
  await expectNoViolations(page, `diálogo ${where}`);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count(), { message: where }).toBe(0);
  await expect
    .poll(() => opener.evaluate((el) => el === document.activeElement), {
      message: `foco de vuelta: ${where}`,
    })
    .toBe(true);
}

/** How the focused element shows focus: outline or box-shadow, and whether it matches :focus-visible. */
function focusStyle(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    return {
      label: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60),
      href: el.getAttribute('href'),
      field: ((el as HTMLInputElement).labels?.[0]?.textContent ?? '').trim(),
      inDrawer: Boolean(el.closest('nav[aria-label="Navegación principal"]')),
      focusVisible: el.matches(':focus-visible'),
      ring:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
        (style.boxShadow !== 'none' && style.boxShadow !== ''),
    };
  });
}

/**
 * What a screen shows with the demo history, waited for before its scan (beyond what settle waits
 * for on every screen): the rows and cards whose buttons axe has to read.
 */
const CON_DATOS: Record<string, (page: Page) => Promise<boolean>> = {
  '/mantenimiento/eficiencia': async (page) =>
    (await page.getByTestId('tabla-eta').locator('tbody tr').count()) >= 10,
  '/eficiencia_pagada': async (page) =>
    /^\d{1,3}\.\d{2} %$/.test(
      (await page.getByTestId('eficiencia-planta').getByTestId('pagada-dia').textContent()) ?? '',
    ),
};

export interface PruebasAccesibilidad {
  /** The file's name in the server log's (test-results/e2e-servidor-<nombre>.log). */
  nombre: string;
  /** The viewports whose routes, pages and dialogs are scanned. */
  anchos: readonly (1440 | 360)[];
  /** The keyboard-only paths and reduced motion too (one file does them). */
  tecladoYMovimiento: boolean;
}

/**
 * The accessibility suite, declared by each a11y-*.test.ts for its viewports: split in files so the
 * two e2e workers scan at once, each file on its own server with the demo history.
 */
export function pruebasAccesibilidad(o: PruebasAccesibilidad): void {
  let opciones: OpcionesServidor;
  let servidor: Servidor | undefined;
  let base: Awaited<ReturnType<typeof basePostgres>>;

  /** The GraphQL API of this file's own server (api.ts calls the shared one). */
  const gql = graphqlDe(() => {
    if (!servidor) throw new Error('el servidor no está en marcha');
    return servidor.baseURL;
  });

  beforeAll(async () => {
    // On PostgreSQL when it answers, as the shared e2e servers (the embedded PGlite otherwise): the
    // 35 days written and every screen served at a fraction of the WebAssembly's CPU. The browser
    // meets the embedded database in the demo-history and restart files.
    base = await basePostgres('planta_a11y');
    opciones = {
      port: await freePort(),
      opcPort: await freePort(),
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'planta-e2e-a11y-')),
      logFile: path.join(root, `test-results/e2e-servidor-${o.nombre}.log`),
      demoDays: DEMO_DAYS,
      databaseUrl: base?.url,
    };
    fs.rmSync(opciones.logFile, { force: true });
    servidor = await arrancarServidor(opciones);
    // The server answers at once and writes the demo history behind; the collector starts once it is
    // written: until then the screens would show a history in the making.
    const until = Date.now() + 300_000;
    for (;;) {
      const health = (await (await fetch(`${servidor.baseURL}/healthz`)).json()) as {
        colector?: { estado?: string };
      };
      if (health.colector?.estado === 'CONECTADO') break;
      if (Date.now() > until) throw new Error('la historia de demostración no terminó a tiempo');
      await new Promise((r) => setTimeout(r, 1_000)); // the next look at /healthz
    }
  }, 420_000);

  afterAll(async () => {
    await servidor?.detener();
    await base?.drop().catch(() => {});
    if (opciones) fs.rmSync(opciones.dataDir, { recursive: true, force: true });
  });
  describe(`accessibility (axe-core, WCAG 2.2 AA) at ${o.anchos.join(' and ')} px`, () => {
    const { browser } = useBrowser();
    const admin = E2E_ADMIN; // super-admin: sees every route, the HR ones included
    let baseURL: string;
    let hoy: string;
    let tokenAdmin: string;
    /**
     * Whether a screen shows the production day in progress, asked of the server each time: the day
     * turns at 08:00 plant time, maybe during the run (`hoy` is the day the history was written for).
     */
    const esHoy = (screen: Locator) => async () => {
      const fecha = await screen.getAttribute('data-fecha');
      const { calendarioPlanta } = await gql<{ calendarioPlanta: { dia_produccion: string } }>(
        '{ calendarioPlanta { dia_produccion } }',
        {},
        tokenAdmin,
      );
      return fecha === calendarioPlanta.dia_produccion;
    };
    let ayer2: string;
    const scanned = new Map<number, Set<string>>(o.anchos.map((w) => [w, new Set()]));

    beforeAll(async () => {
      baseURL = servidor!.baseURL;
      const { login } = await gql<{ login: { access_token: string } }>(
        'mutation($i: LoginInput!) { login(input: $i) { access_token } }',
        { i: admin },
      );
      const token = login.access_token;
      const { calendarioPlanta, variables } = await gql<{
        calendarioPlanta: { dia_produccion: string };
        variables: { id: string; nombre: string }[];
      }>('{ calendarioPlanta { dia_produccion } variables { id nombre } }', {}, token);
      hoy = calendarioPlanta.dia_produccion;
      tokenAdmin = token;
      ayer2 = addDays(hoy, -2);
      const id = (nombre: string) => {
        const found = variables.find((v) => v.nombre === nombre);
        if (!found) throw new Error(`falta la variable ${nombre}`);
        return found.id;
      };
      // … and a day whose KPI chips show the "bajo la meta" red and the amber of "cerca de la meta"
      // (their contrast was the finding on /rendimiento).
      const etiquetas = id(ETIQUETAS);
      for (const row of [
        // A week of the labels' yield under its meta (the reduced-motion test charts it) …
        ...[7, 6, 5, 4, 3].map((d, i) => ({
          variable_id: etiquetas,
          fecha: addDays(hoy, -d),
          diario: 95 + i,
          meta: 99,
        })),
        { variable_id: etiquetas, fecha: ayer2, diario: 90, meta: 99 },
        { variable_id: id('Rendimiento de CO₂ (%)'), fecha: ayer2, diario: 96.5, meta: 99 },
      ])
        await escribirHistorico(token, row, gql);
    });

    for (const width of o.anchos) {
      describe(`at ${width} px`, () => {
        let context: BrowserContext;
        let page: Page;

        beforeAll(async () => {
          context = await browser().newContext({
            baseURL,
            viewport: { width, height: 800 },
            locale: 'es-PE',
          });
          page = await context.newPage();
          seguirPeticiones(page);
        });
        afterAll(async () => {
          await context?.close();
        });

        it('the login page', async () => {
          await page.goto('/login');
          await expect.poll(() => page.getByRole('button', { name: 'Ingresar' }).isVisible()).toBe(true);
          await expectNoViolations(page, '/login');
          scanned.get(width)!.add('/login');
          await loginThroughForm(page, admin.username, admin.password);
        });

        it.each(ROUTES.filter((route) => route.path !== '/login'))('$path', async (route) => {
          await visit(page, route.path);
          if (route.layout === 'main') {
            await expect.poll(() => headerTitle(page), { message: route.path }).toBe(route.title);
          } else {
            await expect.poll(() => page.title(), { message: route.path }).toBe(route.title);
          }
          await settle(page, route.path, CON_DATOS[route.path] && (() => CON_DATOS[route.path]!(page)));
          // What loads or draws as it comes near the view (cargar-al-verse's sections, the charts) is
          // scanned too: scrolled to, as a person reading the whole screen does.
          if ((await page.locator('[data-al-verse]').count()) > 0) {
            await todoALaVista(page);
            await settle(page, route.path);
          }
          await expectNoViolations(page, route.path);
          scanned.get(width)!.add(route.path);
        });

        it('the forbidden and the not-found pages', async () => {
          await visit(page, '/no-autorizado');
          await expect.poll(() => headerTitle(page)).toBe('No autorizado');
          await expectNoViolations(page, '/no-autorizado');
          await visit(page, '/esto/no/existe');
          await expect.poll(() => headerTitle(page)).toBe('Página no encontrada');
          await expectNoViolations(page, 'no encontrada');
        });

        it('every route of SPEC §2 was scanned', () => {
          expect([...scanned.get(width)!].sort()).toEqual(ROUTES.map((r) => r.path).sort());
        });

        it('KPI cards in the red and amber of their status (/rendimiento on a day under the meta)', async () => {
          await visit(page, `/rendimiento?fecha=${ayer2}`);
          await expect
            .poll(() => page.getByTestId('kpis-rendimiento').getAttribute('data-fecha'), { timeout: 20_000 })
            .toBe(ayer2);
          await expect.poll(() => page.locator('[data-color="error"]').count()).toBeGreaterThan(0);
          await settle(page, '/rendimiento');
          await expectNoViolations(page, `/rendimiento?fecha=${ayer2}`);
        });

        it('dialogs while open, each opened with Enter and closed with Escape, focus back: line speed, bottle count, product info', async () => {
          await visit(page, '/fabrica/lineas');
          const card = page.getByTestId('linea-1');
          await expect.poll(esHoy(card), { timeout: 20_000 }).toBe(true);
          await settle(page, '/fabrica/lineas');
          await scanDialog(
            page,
            'velocidad de línea',
            card.getByRole('button', { name: 'Velocidad de Línea 1' }),
          );
          await scanDialog(
            page,
            'conteo de botellas',
            card.getByRole('button', { name: 'Conteo de botellas de Línea 1' }),
          );
          // The product's image shows once a line has run a product today (the live plant decides).
          const imagen = page.getByTestId('producto-imagen').first();
          await expect
            .poll(() => imagen.count(), { timeout: 20_000 })
            .toBeGreaterThan(0)
            .catch(() => {});
          if ((await imagen.count()) > 0) await scanDialog(page, 'información del producto', imagen);
          else console.warn('a11y: ninguna línea tiene producto hoy; diálogo de producto no escaneado');
        });

        it('dialogs while open, each opened with Enter and closed with Escape, focus back: paid efficiency, chart details, new user, time clock import', async () => {
          await visit(page, '/eficiencia_pagada');
          await expect
            .poll(esHoy(page.getByTestId('eficiencia-pagada-lineas')), { timeout: 20_000 })
            .toBe(true);
          await scanDialog(
            page,
            'eficiencia pagada',
            page.getByRole('button', { name: 'Ver detalle de Línea 1' }),
          );
          await visit(page, '/fabrica');
          await expect.poll(esHoy(page.getByTestId('kpis-fabrica')), { timeout: 20_000 }).toBe(true);
          await scanDialog(
            page,
            'detalle de variable',
            page.getByRole('button', { name: /^Ver detalle de / }).first(),
          );
          await visit(page, '/users');
          await expect.poll(() => headerTitle(page)).toBe('Usuarios');
          await scanDialog(
            page,
            'nuevo usuario',
            page.getByRole('button', { name: 'Nuevo usuario' }),
            async () => {
              // With its validation messages showing, too.
              await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
              await expect.poll(() => page.getByText('El nombre es obligatorio').isVisible()).toBe(true);
            },
          );
          await visit(page, '/recursos-humanos/asistencia-diaria');
          await expect.poll(() => headerTitle(page)).toBe('Asistencia Diaria ~ Recursos Humnanos');
          await scanDialog(
            page,
            'importar marcaciones',
            page.getByRole('button', { name: 'Importar marcaciones' }),
          );
        });
      });
    }

    if (o.tecladoYMovimiento) {
      describe('keyboard only', () => {
        let context: BrowserContext;
        let page: Page;

        beforeAll(async () => {
          context = await browser().newContext({
            baseURL,
            viewport: { width: 1440, height: 900 },
            locale: 'es-PE',
          });
          page = await context.newPage();
        });
        afterAll(async () => {
          await context?.close();
        });

        /** Presses Tab until `found` holds for the focused element (at most `max` presses). */
        async function tabTo(
          found: (f: NonNullable<Awaited<ReturnType<typeof focusStyle>>>) => boolean,
          max = 120,
        ) {
          for (let i = 0; i < max; i++) {
            await page.keyboard.press('Tab');
            const focus = await focusStyle(page);
            if (focus && found(focus)) return focus;
          }
          throw new Error('no se llegó al elemento con Tab');
        }

        it('logs in with the keyboard alone', async () => {
          await page.goto('/login');
          await expect.poll(() => page.getByRole('button', { name: 'Ingresar' }).isVisible()).toBe(true);
          const first = await focusStyle(page);
          if (!first?.field.startsWith('Usuario')) await tabTo((f) => f.field.startsWith('Usuario'), 10);
          await page.keyboard.type(admin.username);
          await page.keyboard.press('Tab');
          expect((await focusStyle(page))?.field).toMatch(/^Contraseña/);
          await page.keyboard.type(admin.password);
          await page.keyboard.press('Enter');
          await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
        });

        it('reaches every drawer entry with Tab, each with a visible focus ring', async () => {
          await page.goto('/menu');
          await expect.poll(() => headerTitle(page)).toBe('Menú');
          const entries = await page
            .locator('nav[aria-label="Navegación principal"] a')
            .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
          expect(entries.length).toBeGreaterThan(20);
          const reached = new Set<string>();
          for (let i = 0; i < 150 && reached.size < entries.length; i++) {
            await page.keyboard.press('Tab');
            const focus = await focusStyle(page);
            if (!focus?.inDrawer || !focus.href) continue;
            expect(focus.focusVisible, focus.href).toBe(true);
            expect(focus.ring, `anillo de foco en ${focus.href}`).toBe(true);
            reached.add(focus.href);
          }
          expect([...reached].sort()).toEqual([...entries].sort());
        });

        it('goes from the menu to Dashboard Fábrica with Enter; "Ver detalle" opens with Enter, Escape closes it, focus returns', async () => {
          await page.goto('/menu');
          await expect.poll(() => headerTitle(page)).toBe('Menú');
          await tabTo((f) => !f.inDrawer && f.href === '/fabrica', 150);
          await page.keyboard.press('Enter');
          await expectPath(page, '/fabrica');
          await expect.poll(esHoy(page.getByTestId('kpis-fabrica')), { timeout: 20_000 }).toBe(true);
          const button = await tabTo((f) => f.label.startsWith('Ver detalle de '), 200);
          expect(button.focusVisible).toBe(true);
          expect(button.ring, 'anillo de foco en el botón').toBe(true);
          await page.evaluate(() => document.activeElement?.setAttribute('data-foco-previo', ''));
          await page.keyboard.press('Enter');
          await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
          await page.keyboard.press('Escape');
          await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
          await expect
            .poll(() =>
              page.evaluate(() => document.activeElement?.hasAttribute('data-foco-previo') ?? false),
            )
            .toBe(true);
        });
      });
    }

    if (o.tecladoYMovimiento) {
      describe('prefers-reduced-motion', () => {
        /** The chart's canvas right after it is drawn and 1.2 s later (an animation would differ). */
        async function drawnTwice(page: Page, testId: string): Promise<[string, string]> {
          const chart = page.getByTestId(testId);
          await expect.poll(() => estadoGrafico(page, testId), { timeout: 20_000 }).toBe('ready');
          const snapshot = () =>
            chart
              .locator('canvas')
              .first()
              .evaluate(
                (canvas: HTMLCanvasElement) =>
                  new Promise<string>((resolve) =>
                    requestAnimationFrame(() => requestAnimationFrame(() => resolve(canvas.toDataURL()))),
                  ),
              );
          const early = await snapshot();
          // A fixed wait on purpose: the point is that nothing changes in this time.
          await page.waitForTimeout(1_200);
          return [early, await snapshot()];
        }

        it('charts are drawn at once (no animation) and the transitions are off when the user asks for it', async () => {
          const context = await browser().newContext({
            baseURL,
            viewport: { width: 1440, height: 900 },
            locale: 'es-PE',
            reducedMotion: 'reduce',
          });
          const page = await context.newPage();
          await page.emulateMedia({ reducedMotion: 'reduce' });
          // As a person's browser: not under automation, so only the preference turns animation off.
          await page.addInitScript(() =>
            Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true }),
          );
          await iniciarSesion(page, admin.username, admin.password);
          await page.goto(`/rendimiento?fecha=${ayer2}&variable=${encodeURIComponent(ETIQUETAS)}`);
          expect(await page.evaluate(() => navigator.webdriver)).toBe(false);
          expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(
            true,
          );
          await expect
            .poll(() => page.getByTestId('kpis-rendimiento').getAttribute('data-fecha'), { timeout: 20_000 })
            .toBe(ayer2);
          const [early, late] = await drawnTwice(page, 'grafico-tendencia');
          expect(early.length).toBeGreaterThan(1_000); // something is drawn
          expect(early === late, 'el gráfico cambió después de dibujarse: anima').toBe(true);
          // CSS transitions (drawer, dialogs, buttons) are cut to nothing.
          const duration = await page
            .getByRole('button', { name: 'Reporte', exact: true })
            .evaluate((b) => parseFloat(getComputedStyle(b).transitionDuration));
          expect(duration).toBeLessThan(0.001);
          await context.close();
        });
      });
    }
  });
}
