import { addDays } from '@planta/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { cerrarPagina, iniciarSesion, useBrowser } from './browser.ts';
import { ddmmyyyy, focusDateField, seedHistory, variableIds } from './dashboard.ts';

// The one date control of the dated screens (issue 11 §2): a typed date is applied only when it is
// complete and valid, a bad one shows the field's error and keeps the day on screen, the control
// never disappears and a bad date in the URL falls back to the day in progress. The server has no
// demo history (DEMO_DAYS=0): the suite writes 15/03/2026's figures of one variable per screen.

const DIA = '2026-03-15';
const SCREENS = [
  { path: '/fabrica', ready: 'kpis-fabrica', variable: 'Producción (hL)', valor: 4_321, texto: '4,321.0' },
  {
    path: '/rendimiento',
    ready: 'kpis-rendimiento',
    variable: 'Rendimiento de azúcar (%)',
    valor: 98.76,
    texto: '98.76',
  },
  {
    path: '/planificacion',
    ready: 'kpis-planificacion',
    // Not a variable planificacion.test.ts reads: the suites share one server.
    variable: 'Nivel de servicio (%)',
    valor: 96.54,
    texto: '96.54',
  },
] as const;

/** The day the screen's figures are for (data-fecha of its KPI block), or null while loading. */
const shownDay = (page: Page, ready: string) => page.getByTestId(ready).getAttribute('data-fecha');
const urlFecha = (page: Page) => new URL(page.url()).searchParams.get('fecha');
const dateControl = (page: Page) => page.getByTestId('selector-fecha');

/** Focuses the typed field with its date selected (typing replaces it). */
const focusDay = (page: Page) => focusDateField(page, 'selector-fecha');

/** The value the field holds (DD/MM/YYYY). */
const fieldValue = (page: Page) => dateControl(page).locator('input').inputValue();

describe('Date control', () => {
  const { newPage } = useBrowser();
  let hoy: string;
  let primerDia: string; // the earliest date the pickers offer

  beforeAll(async () => {
    const token = await apiLogin();
    const id = await variableIds(token);
    await seedHistory(
      token,
      SCREENS.map((s) => ({ variable_id: id(s.variable), fecha: DIA, diario: s.valor })),
    );
    const { calendarioPlanta } = await api<{
      calendarioPlanta: { dia_produccion: string; primer_dia: string | null };
    }>('{ calendarioPlanta { dia_produccion primer_dia } }', {}, token);
    hoy = calendarioPlanta.dia_produccion;
    // Without a known first day of history the pickers start in 2000 (FECHA_MINIMA).
    primerDia = calendarioPlanta.primer_dia ?? '2000-01-01';
  });

  async function openOnToday(page: Page, path: string, ready: string): Promise<void> {
    await iniciarSesion(page);
    await page.goto(path);
    await expect.poll(() => shownDay(page, ready), { timeout: 20_000 }).toBe(hoy);
  }

  for (const screen of SCREENS) {
    it(`${screen.path}: typing 15/03/2026 key by key changes nothing until Enter, then shows that day`, async () => {
      const page = await newPage(1440);
      await openOnToday(page, screen.path, screen.ready);
      await focusDay(page);
      for (const key of '15/03/2026') {
        await page.keyboard.type(key);
        // Each keystroke leaves the screen as it was: same day, same URL, the control in place.
        expect(await dateControl(page).isVisible(), `tras «${key}»`).toBe(true);
        expect(await shownDay(page, screen.ready), `tras «${key}»`).toBe(hoy);
        expect(urlFecha(page), `tras «${key}»`).toBeNull();
      }
      expect(await page.getByText('No se pudieron obtener').count()).toBe(0);
      await page.keyboard.press('Enter');
      await expect.poll(() => shownDay(page, screen.ready), { timeout: 20_000 }).toBe(DIA);
      expect(urlFecha(page)).toBe(DIA);
      expect(await fieldValue(page)).toBe('15/03/2026');
      await expect
        .poll(() => page.getByTestId(`kpi-${screen.variable}`).getByTestId('kpi-diario').textContent())
        .toBe(screen.texto);
      await cerrarPagina(page);
    });
  }

  it('a typed date is also applied when the field loses focus', async () => {
    const page = await newPage(1440);
    await openOnToday(page, '/fabrica', 'kpis-fabrica');
    await focusDay(page);
    await page.keyboard.type('15032026');
    expect(await shownDay(page, 'kpis-fabrica')).toBe(hoy);
    await page.getByRole('heading', { name: 'Dashboard Fábrica' }).click();
    await expect.poll(() => shownDay(page, 'kpis-fabrica'), { timeout: 20_000 }).toBe(DIA);
    await cerrarPagina(page);
  });

  for (const screen of SCREENS) {
    it(`${screen.path}: an impossible date (31/02/2026) shows the field's error and keeps the day on screen`, async () => {
      const page = await newPage(1440);
      await openOnToday(page, screen.path, screen.ready);
      await focusDay(page);
      await page.keyboard.type('31/02/2026');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => dateControl(page).getByText('Fecha no válida (DD/MM/AAAA)').isVisible())
        .toBe(true);
      expect(await shownDay(page, screen.ready)).toBe(hoy);
      expect(urlFecha(page)).toBeNull();
      expect(await page.getByTestId(screen.ready).isVisible()).toBe(true);
      // Corrected, it applies.
      await focusDay(page);
      await page.keyboard.type('15/03/2026');
      await page.keyboard.press('Enter');
      await expect.poll(() => shownDay(page, screen.ready), { timeout: 20_000 }).toBe(DIA);
      expect(await dateControl(page).getByText('Fecha no válida (DD/MM/AAAA)').count()).toBe(0);
      await cerrarPagina(page);
    });
  }

  for (const screen of SCREENS) {
    it(`${screen.path}: a bad date in the URL shows the control with an error and today's figures`, async () => {
      const page = await newPage(1440);
      await iniciarSesion(page);
      for (const bad of ['2026-02-30', '0202-03-31', 'ayer']) {
        await page.goto(`${screen.path}?fecha=${bad}`);
        await expect.poll(() => shownDay(page, screen.ready), { timeout: 20_000 }).toBe(hoy);
        expect(await dateControl(page).isVisible(), bad).toBe(true);
        expect(await dateControl(page).getByText('Fecha no válida').isVisible(), bad).toBe(true);
        expect(await page.getByTestId('fecha-invalida').textContent(), bad).toContain(bad);
        expect(await fieldValue(page)).toBe(ddmmyyyy(hoy));
      }
      // Choosing a day clears the error.
      await focusDay(page);
      await page.keyboard.type('15/03/2026');
      await page.keyboard.press('Enter');
      await expect.poll(() => shownDay(page, screen.ready), { timeout: 20_000 }).toBe(DIA);
      expect(await page.getByTestId('fecha-invalida').count()).toBe(0);
      await cerrarPagina(page);
    });
  }

  it('offers no year before the first day of history and no day after today', async () => {
    const page = await newPage(1440);
    await openOnToday(page, '/fabrica', 'kpis-fabrica');
    await dateControl(page)
      .getByRole('button', { name: /^Elige fecha/ })
      .click();
    await page.getByRole('button', { name: /cambie a la vista anual/ }).click();
    const years = (await page.getByRole('radio').allTextContents()).map(Number);
    expect(Math.min(...years)).toBe(Number(primerDia.slice(0, 4)));
    expect(Math.max(...years)).toBe(Number(hoy.slice(0, 4)));
    await page.keyboard.press('Escape');
    // Typed, such dates are refused with the field's error.
    await focusDay(page);
    await page.keyboard.type(ddmmyyyy(addDays(primerDia, -1)));
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        dateControl(page)
          .getByText(`No hay datos antes del ${ddmmyyyy(primerDia)}`)
          .isVisible(),
      )
      .toBe(true);
    await focusDay(page);
    await page.keyboard.type(ddmmyyyy(addDays(hoy, 1)));
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        dateControl(page)
          .getByText(`No hay datos después del ${ddmmyyyy(hoy)}`)
          .isVisible(),
      )
      .toBe(true);
    expect(await shownDay(page, 'kpis-fabrica')).toBe(hoy);
    await cerrarPagina(page);
  });

  it('the page reaches network idle while the header polls /healthz', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    const healthz = page.waitForResponse((r) => r.url().endsWith('/healthz'));
    await page.goto('/fabrica');
    await healthz;
    await expect.poll(() => shownDay(page, 'kpis-fabrica'), { timeout: 20_000 }).toBe(hoy);
    await page.waitForLoadState('networkidle', { timeout: 5_000 });
    await cerrarPagina(page);
  });
});
