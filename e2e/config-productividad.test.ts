import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { cerrarPagina, hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';

/**
 * /configuracion/productividad (issue 16) as an admin uses it: a day's paid hours of every line
 * typed in one form (comma or point) and saved at once, then corrected; the SPEC's texts (a shift
 * that already exists, lines or shifts that cannot be read); two admins saving the same day; and
 * the screen at 360 px.
 */

const CONFLICTO =
  'Otro usuario modificó este registro mientras usted lo editaba. Se cargaron los datos actuales: revise y guarde de nuevo.';

let token: string;
let lineas: { id: string; nombre: string; numero: number }[];

const turnosDia = async (fecha: string) =>
  (
    await api<{
      turnosDia: { id: string; horas_productividad: number; version: number; linea: { id: string } }[];
    }>(
      'query($f: Date!) { turnosDia(fecha: $f) { id horas_productividad version linea { id } } }',
      { f: fecha },
      token,
    )
  ).turnosDia;

const ddmmyyyy = (fecha: string) => fecha.split('-').reverse().join('/');

/** Opens the screen on a day, typed into the date field as a person would. */
async function abrir(page: Page, fecha: string): Promise<void> {
  await iniciarSesion(page);
  await page.goto('/configuracion/productividad');
  await expect.poll(() => headerTitle(page)).toBe('Productividad | Configuración');
  const campo = page.getByTestId('productividad-fecha');
  await expect.poll(() => campo.isVisible(), { timeout: 20_000 }).toBe(true);
  // MUI X's sectioned field (day, month, year) or a plain text field: typed the same way.
  const secciones = campo.getByRole('spinbutton');
  if ((await secciones.count()) > 0) {
    await secciones.first().click();
    await page.keyboard.type(ddmmyyyy(fecha));
  } else {
    await campo.getByRole('textbox').fill(ddmmyyyy(fecha));
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => campo.locator('input').first().inputValue()).toBe(ddmmyyyy(fecha));
  await expect.poll(() => horas(page, lineas[0]!.nombre).isEnabled()).toBe(true);
}

const horas = (page: Page, linea: string) => page.getByLabel(`Horas ${linea}`, { exact: true });
const guardar = (page: Page) => page.getByRole('button', { name: 'Guardar día' }).click();

describe('configuración: productividad', () => {
  const { newPage } = useBrowser();

  beforeAll(async () => {
    token = await apiLogin();
    lineas = (await api<{ lineas: typeof lineas }>('{ lineas { id nombre numero } }', {}, token)).lineas;
    expect(lineas.length).toBeGreaterThanOrEqual(2);
  });

  it("types a day's hours of every line, saves them at once and corrects one", async () => {
    const FECHA = '2024-01-15';
    const [l1, l2] = lineas;
    const page = await newPage(1440);
    await abrir(page, FECHA);
    await horas(page, l1!.nombre).fill('25');
    await guardar(page);
    await expect.poll(() => page.getByText('Las horas deben estar entre 0 y 24').isVisible()).toBe(true);
    await horas(page, l1!.nombre).fill('7,5');
    await horas(page, l2!.nombre).fill('16.25');
    await guardar(page);
    await expect.poll(() => page.getByText('Horas de productividad guardadas').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Guardado: 7.5 h').isVisible()).toBe(true);
    expect(await page.getByText('Guardado: 16.25 h').isVisible()).toBe(true);
    const guardados = await turnosDia(FECHA);
    expect(Object.fromEntries(guardados.map((t) => [t.linea.id, t.horas_productividad]))).toEqual({
      [l1!.id]: 7.5,
      [l2!.id]: 16.25,
    });
    // The recorded shifts below list them.
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: '15/01/2024' }).count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);

    await horas(page, l1!.nombre).fill('9');
    await guardar(page);
    await expect.poll(() => page.getByText('Guardado: 9 h').isVisible()).toBe(true);
    const despues = await turnosDia(FECHA);
    expect(despues.find((t) => t.linea.id === l1!.id)).toMatchObject({ horas_productividad: 9, version: 2 });
    expect(despues.find((t) => t.linea.id === l2!.id)).toMatchObject({
      horas_productividad: 16.25,
      version: 1,
    });
    await cerrarPagina(page);
  });

  it("a shift that another admin created meanwhile: 'Error: Ya existe un valor para este día'", async () => {
    const FECHA = '2024-01-16';
    const page = await newPage(1440);
    await abrir(page, FECHA);
    await api(
      'mutation($i: TurnoInput!) { createTurno(input: $i) { id } }',
      { i: { linea_id: lineas[0]!.id, fecha: FECHA, horas_productividad: 6 } },
      token,
    );
    await horas(page, lineas[0]!.nombre).fill('8');
    await guardar(page);
    await expect
      .poll(() => page.getByText('Error: Ya existe un valor para este día').first().isVisible())
      .toBe(true);
    // The form reloads the day: the other admin's 6 h.
    await expect.poll(() => page.getByText('Guardado: 6 h').isVisible()).toBe(true);
    expect((await turnosDia(FECHA)).map((t) => t.horas_productividad)).toEqual([6]);
    await cerrarPagina(page);
  });

  it('two admins save the same day: the second gets the conflict warning and the reloaded hours', async () => {
    const FECHA = '2024-01-17';
    await api(
      'mutation($i: TurnosDiaInput!) { guardarTurnosDia(input: $i) { id } }',
      { i: { fecha: FECHA, entradas: [{ linea_id: lineas[0]!.id, horas_productividad: 8 }] } },
      token,
    );
    const [a, b] = [await newPage(1440), await newPage(1440)];
    for (const page of [a, b]) {
      await abrir(page, FECHA);
      await expect.poll(() => horas(page, lineas[0]!.nombre).inputValue()).toBe('8');
    }
    await horas(a, lineas[0]!.nombre).fill('10');
    await guardar(a);
    await expect.poll(() => a.getByText('Guardado: 10 h').isVisible()).toBe(true);

    await horas(b, lineas[0]!.nombre).fill('12');
    await guardar(b);
    await expect.poll(() => b.getByText(CONFLICTO).first().isVisible()).toBe(true);
    await expect.poll(() => horas(b, lineas[0]!.nombre).inputValue()).toBe('10');
    expect((await turnosDia(FECHA))[0]).toMatchObject({ horas_productividad: 10, version: 2 });
    await cerrarPagina(a);
    await cerrarPagina(b);
  });

  it("lines that come back empty: 'Error al obtener los datos del servidor'", async () => {
    const page = await newPage(1440);
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('query ConfigProductividadLineas')) {
        await route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":{"lineas":[]}}' });
      } else {
        await route.continue().catch(() => {});
      }
    });
    await iniciarSesion(page);
    await page.goto('/configuracion/productividad');
    await expect
      .poll(() => page.getByText('Error al obtener los datos del servidor').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await cerrarPagina(page);
  });

  it('fits 360 px without sideways scroll', async () => {
    await api(
      'mutation($i: TurnosDiaInput!) { guardarTurnosDia(input: $i) { id } }',
      { i: { fecha: '2024-01-18', entradas: [{ linea_id: lineas[0]!.id, horas_productividad: 9 }] } },
      token,
    );
    const page = await newPage(360);
    await abrir(page, '2024-01-18');
    await expect.poll(() => page.getByText('Guardado: 9 h').isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});
