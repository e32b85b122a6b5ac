import { MESES } from '@planta/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { violacionesGraves } from './axe.ts';
import { api, apiLogin, createTestUser, uniqueUsername } from './api.ts';
import {
  cerrarPagina,
  elegirOpcion,
  expectPath,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';

/**
 * /configuracion/zero-waste (issue 16), driven as an admin would: classifications created,
 * renamed and deleted (refused while a month uses them), a month's kg of every classification typed
 * and saved together (the /zero-waste figures follow), two admins saving the same month, the
 * yearly projection, and the screen at 360 px.
 */

const CAMBIO_CONCURRENTE =
  'Otro usuario modificó este registro mientras usted lo editaba. Se cargaron los datos actuales: revise y guarde de nuevo.';

let token = '';
let anio = 0;
/** A past month the test owns (the demo writes none in this run: DEMO_DAYS=0). */
const MES = 3;

interface Clas {
  id: string;
  descripcion: string;
}

async function crearClasificacion(descripcion: string, aprovechable: boolean): Promise<Clas> {
  const { createClasificacion } = await api<{ createClasificacion: Clas }>(
    'mutation($i: ClasificacionInput!) { createClasificacion(input: $i) { id descripcion } }',
    { i: { descripcion, aprovechable } },
    token,
  );
  return createClasificacion;
}

async function marzo() {
  const { zeroWasteMensual } = await api<{
    zeroWasteMensual: {
      numero_mes: number | null;
      aprovechable: number;
      no_aprovechable: number;
      zwl: number | null;
    }[];
  }>(
    'query($a: Int!) { zeroWasteMensual(anio: $a) { numero_mes aprovechable no_aprovechable zwl } }',
    { a: anio },
    token,
  );
  return zeroWasteMensual.find((m) => m.numero_mes === MES)!;
}

async function abrir(page: Page, seccion?: string): Promise<void> {
  await page.goto('/configuracion/zero-waste');
  await expect.poll(() => headerTitle(page)).toBe('Zero Waste | Configuración');
  await expect
    .poll(() => page.getByRole('table', { name: 'Clasificaciones' }).isVisible(), { timeout: 20_000 })
    .toBe(true);
  if (seccion) await page.getByRole('tab', { name: seccion }).click();
}

async function elegirMes(page: Page): Promise<void> {
  await elegirOpcion(page, page.getByRole('combobox', { name: 'Año' }), String(anio));
  await elegirOpcion(page, page.getByRole('combobox', { name: 'Mes' }), MESES[MES - 1]!);
}

const fila = (page: Page, texto: string) => page.getByRole('row').filter({ hasText: texto });

describe('/configuracion/zero-waste', () => {
  const { newPage } = useBrowser();

  beforeAll(async () => {
    token = await apiLogin();
    const { calendarioPlanta } = await api<{ calendarioPlanta: { dia_produccion: string } }>(
      '{ calendarioPlanta { dia_produccion } }',
      {},
      token,
    );
    anio = Number(calendarioPlanta.dia_produccion.slice(0, 4)) - 1;
  });

  it('creates, renames and deletes a classification, with the form’s and the server’s errors', async () => {
    const existente = await crearClasificacion(`Existente ${uniqueUsername('c')}`, true);
    const nombre = `Vidrio ${uniqueUsername('v')}`;
    const page = await newPage(1440);
    await iniciarSesion(page);
    await abrir(page);
    await page.getByRole('button', { name: 'Nueva clasificación' }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialogo.getByText('La descripción es obligatoria').isVisible()).toBe(true);
    await dialogo.getByLabel('Descripción').fill(existente.descripcion.toUpperCase());
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => dialogo.getByText(`Ya existe la clasificación «${existente.descripcion}»`).isVisible())
      .toBe(true);
    await dialogo.getByLabel('Descripción').fill(nombre);
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Clasificación creada').isVisible()).toBe(true);
    await expect.poll(() => fila(page, nombre).count()).toBe(1);
    expect(await fila(page, nombre).textContent()).toContain('Sí');

    await fila(page, nombre)
      .getByRole('button', { name: `Editar ${nombre}` })
      .click();
    await dialogo.getByLabel('Descripción').fill(`${nombre} (botellas)`);
    await dialogo.getByLabel(/^Aprovechable/).uncheck();
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Clasificación actualizada').isVisible()).toBe(true);
    await expect.poll(() => fila(page, `${nombre} (botellas)`).textContent()).toContain('No');

    await fila(page, `${nombre} (botellas)`)
      .getByRole('button', { name: `Eliminar ${nombre} (botellas)` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => page.getByText('Clasificación eliminada').isVisible()).toBe(true);
    await expect.poll(() => fila(page, nombre).count()).toBe(0);
    await cerrarPagina(page);
  });

  it('types a month’s kg (errors as typed), saves them together, and the ZWL of /zero-waste follows', async () => {
    const a = await crearClasificacion(`Cartón ${uniqueUsername('a')}`, true);
    const b = await crearClasificacion(`Ordinarios ${uniqueUsername('b')}`, false);
    const antes = await marzo();
    const page = await newPage(1440);
    await iniciarSesion(page);
    await abrir(page, 'Kg del mes');
    await elegirMes(page);
    const kgA = page.getByLabel(`Kg de ${a.descripcion}`);
    const kgB = page.getByLabel(`Kg de ${b.descripcion}`);
    await kgA.fill('-5');
    await expect.poll(() => page.getByText('No puede ser negativo').isVisible()).toBe(true);
    await kgA.fill('9o0');
    await expect.poll(() => page.getByText('Escriba un número').isVisible()).toBe(true);
    await kgA.fill('900');
    await kgB.fill('100,5');
    await expect.poll(() => page.getByText('Use punto decimal (p. ej. 100.5)').isVisible()).toBe(true);
    await kgB.fill('100.5');
    expect(await page.getByText('No puede ser negativo').count()).toBe(0);
    const aprov = antes.aprovechable + 900;
    const total = aprov + antes.no_aprovechable + 100.5;
    const esperado = Math.round((aprov / total) * 10000) / 100;
    await expect
      .poll(() => page.getByTestId('zwl-mes').textContent())
      .toBe(`ZWL del mes: ${esperado.toFixed(2)} %`);
    await page.getByRole('button', { name: 'Guardar mes' }).click();
    await expect.poll(() => page.getByText('Kg del mes guardados').isVisible()).toBe(true);
    const despues = await marzo();
    expect(despues).toMatchObject({
      aprovechable: aprov,
      no_aprovechable: antes.no_aprovechable + 100.5,
      zwl: esperado,
    });
    await cerrarPagina(page);
  });

  it('refuses to delete a classification a month uses, saying why', async () => {
    const c = await crearClasificacion(`Lodos ${uniqueUsername('l')}`, true);
    await api(
      'mutation($i: ZeroWasteRegistroInput!) { upsertZeroWasteRegistro(input: $i) { id } }',
      { i: { mes: `${anio}-0${MES}-01`, clasificacion_id: c.id, kg: 10 } },
      token,
    );
    const page = await newPage(1440);
    await iniciarSesion(page);
    await abrir(page);
    await fila(page, c.descripcion)
      .getByRole('button', { name: `Eliminar ${c.descripcion}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect
      .poll(() =>
        page
          .getByText(
            `La clasificación «${c.descripcion}» no se puede eliminar: la usan 1 mes con kg registrados`,
          )
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => fila(page, c.descripcion).count()).toBe(1);
    await cerrarPagina(page);
  });

  it('two admins save the same month: the second sees the conflict warning and the reloaded kg', async () => {
    const c = await crearClasificacion(`PET ${uniqueUsername('p')}`, true);
    await api(
      'mutation($i: ZeroWasteRegistroInput!) { upsertZeroWasteRegistro(input: $i) { id } }',
      { i: { mes: `${anio}-0${MES}-01`, clasificacion_id: c.id, kg: 50 } },
      token,
    );
    const otro = await createTestUser('zwb', 'admin');
    const pa = await newPage(1440);
    const pb = await newPage(1440);
    await iniciarSesion(pa);
    await iniciarSesion(pb, otro.username, otro.password);
    for (const page of [pa, pb]) {
      await abrir(page, 'Kg del mes');
      await elegirMes(page);
      await expect.poll(() => page.getByLabel(`Kg de ${c.descripcion}`).inputValue()).toBe('50');
    }
    await pa.getByLabel(`Kg de ${c.descripcion}`).fill('75');
    await pa.getByRole('button', { name: 'Guardar mes' }).click();
    await expect.poll(() => pa.getByText('Kg del mes guardados').isVisible()).toBe(true);

    await pb.getByLabel(`Kg de ${c.descripcion}`).fill('60');
    await pb.getByRole('button', { name: 'Guardar mes' }).click();
    await expect.poll(() => pb.getByText(CAMBIO_CONCURRENTE).isVisible()).toBe(true);
    await expect.poll(() => pb.getByLabel(`Kg de ${c.descripcion}`).inputValue()).toBe('75');
    await cerrarPagina(pa);
    await cerrarPagina(pb);
  });

  it('edits a classification’s projection of a year', async () => {
    const c = await crearClasificacion(`Chatarra ${uniqueUsername('h')}`, true);
    const page = await newPage(1440);
    await iniciarSesion(page);
    await abrir(page, 'Proyección');
    await fila(page, c.descripcion)
      .getByRole('button', { name: `Editar proyección de ${c.descripcion}` })
      .click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByLabel('Zero waste (%)').fill('120');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialogo.getByText('Debe estar entre 0 y 100').isVisible()).toBe(true);
    expect(await dialogo.getByText('Escriba un valor (0 si no hay)').count()).toBe(2);
    await dialogo.getByLabel('Aprovechables (kg)', { exact: true }).fill('2400');
    await dialogo.getByLabel('No aprovechables (kg)').fill('0');
    await dialogo.getByLabel('Zero waste (%)').fill('100');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Proyección guardada').isVisible()).toBe(true);
    await expect.poll(() => fila(page, c.descripcion).textContent()).toContain('2,400');
    await cerrarPagina(page);
  });

  it('fits 360 px without horizontal scroll on every tab', async () => {
    const page = await newPage(360);
    await iniciarSesion(page);
    await abrir(page);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('tab', { name: 'Kg del mes' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Guardar mes' }).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('tab', { name: 'Proyección' }).click();
    await expect.poll(() => page.getByRole('table', { name: /^Proyección/ }).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });

  it('has no serious accessibility violations (every tab and dialog, 1440 and 360 px)', async () => {
    for (const width of [1440, 360]) {
      const page = await newPage(width);
      await iniciarSesion(page);
      await abrir(page);
      expect(await violacionesGraves(page), `clasificaciones @ ${width}`).toEqual([]);
      await page.getByRole('button', { name: 'Nueva clasificación' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
      await expect.poll(() => page.getByText('La descripción es obligatoria').isVisible()).toBe(true);
      expect(await violacionesGraves(page), `diálogo de clasificación @ ${width}`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await page.getByRole('tab', { name: 'Kg del mes' }).click();
      // The month's figures in (the button enabled with them): scanned while they loaded, the
      // button turned enabled during the scan and axe read its fading-in colours.
      await expect.poll(() => page.getByRole('button', { name: 'Guardar mes' }).isEnabled()).toBe(true);
      expect(await violacionesGraves(page), `kg del mes @ ${width}`).toEqual([]);
      await page.getByRole('tab', { name: 'Proyección' }).click();
      await expect.poll(() => page.getByRole('table', { name: /^Proyección/ }).isVisible()).toBe(true);
      expect(await violacionesGraves(page), `proyección @ ${width}`).toEqual([]);
      await page
        .getByRole('button', { name: /^Editar proyección de/ })
        .first()
        .click();
      await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
      expect(await violacionesGraves(page), `diálogo de proyección @ ${width}`).toEqual([]);
      await cerrarPagina(page);
    }
  });

  it('a table reading its rows again is busy, not inaccessible (its loading bar held in view)', async () => {
    // The classifications are in, the year's projection is held at the network: the table shows its
    // rows under a loading bar (CI once caught MUI X's grid drawing it inside role="grid": a
    // progressbar without a name, not an allowed child), and its box says it is busy.
    const page = await newPage(1440);
    let soltar = () => {};
    const retenida = new Promise<void>((resolve) => (soltar = resolve));
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('ConfigZeroWasteProyeccion')) await retenida;
      await route.continue().catch(() => {});
    });
    await iniciarSesion(page);
    await abrir(page);
    await page.getByRole('tab', { name: 'Proyección' }).click();
    const tabla = page.getByRole('table', { name: /^Proyección/ });
    const caja = page.locator('[aria-busy]').filter({ has: tabla });
    await expect.poll(() => caja.locator('.MuiLinearProgress-root').isVisible()).toBe(true);
    expect(await tabla.getByRole('row').count()).toBeGreaterThan(1);
    expect(await violacionesGraves(page)).toEqual([]);
    expect(await caja.getAttribute('aria-busy')).toBe('true');
    soltar();
    await expect.poll(() => caja.getAttribute('aria-busy')).toBe('false');
    await cerrarPagina(page);
  });

  it('is admin only: another user is sent to /no-autorizado', async () => {
    const user = await createTestUser('zwlector', null);
    const page = await newPage(1440);
    await iniciarSesion(page, user.username, user.password);
    await page.goto('/configuracion/zero-waste');
    await expectPath(page, '/no-autorizado');
    await cerrarPagina(page);
  });
});
