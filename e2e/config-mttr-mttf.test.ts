import { addDays, productionDayRange } from '@planta/domain';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { violacionesGraves } from './axe.ts';
import { api, apiLogin, createTestUser } from './api.ts';
import {
  cerrarPagina,
  expectPath,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';

/**
 * /configuracion/mttr-mttf (issue 16), driven as maintenance would: paros created, corrected and
 * deleted through the screen (the MTTR the dashboards read follows), the form's and the server's
 * Spanish errors, two admins saving the same paro (the second sees the conflict and the reloaded
 * data), MTTR/MTTF entered by hand, and the screen at 360 px.
 */

const CAMBIO_CONCURRENTE =
  'Otro usuario modificó este registro mientras usted lo editaba. Se cargaron los datos actuales: revise y guarde de nuevo.';

let hoy = '';
let tz = '';
let token = '';
/** A past production day with no paros (the simulator writes only the current day's). */
let dia = '';
let lineas: { id: string; nombre: string; numero: number }[] = [];

const ddmmyyyy = (fecha: string) => fecha.split('-').reverse().join('/');
/** Plant-local 'HH:mm' of the production day `dia` at `minutos` after 08:00, as typed in the field. */
function tecleo(fecha: string, minutos: number): string {
  const instante = new Date(productionDayRange(fecha, tz).start.getTime() + minutos * 60_000);
  const partes = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(instante);
  const p = (t: string) => partes.find((x) => x.type === t)!.value;
  return `${p('day')}/${p('month')}/${p('year')} ${p('hour')}:${p('minute')}`;
}
const instante = (fecha: string, minutos: number) =>
  new Date(productionDayRange(fecha, tz).start.getTime() + minutos * 60_000).toISOString();

async function mttrDelDia(nombre: string, fecha: string): Promise<number | null> {
  const { mttrMttf } = await api<{ mttrMttf: { puntos: { fecha: string; diario: number | null }[] }[] }>(
    'query($n: [String!]!, $d: Date!) { mttrMttf(nombres: $n, desde: $d, hasta: $d) { puntos { fecha diario } } }',
    { n: [nombre], d: fecha },
    token,
  );
  return mttrMttf[0]?.puntos.find((p) => p.fecha === fecha)?.diario ?? null;
}

async function mantenimiento(numero: number) {
  const { mantenimientoLineas } = await api<{
    mantenimientoLineas: { linea: number; sufijo: string; fallas: number; mttr: number | null }[];
  }>(
    'query($d: Date!) { mantenimientoLineas(desde: $d, hasta: $d) { linea sufijo fallas mttr } }',
    { d: dia },
    token,
  );
  return mantenimientoLineas.find((l) => l.linea === numero)!;
}

async function crearParoApi(causa: string, desde: number, minutos: number, lineaId = lineas[0]!.id) {
  const { createParo } = await api<{ createParo: { id: string } }>(
    'mutation($i: ParoInput!) { createParo(input: $i) { id } }',
    {
      i: {
        linea_id: lineaId,
        inicio: instante(dia, desde),
        fin: instante(dia, desde + minutos),
        equipo: 'Etiquetadora',
        causa,
        tipo: 'MICROPARO',
      },
    },
    token,
  );
  return createParo.id;
}

async function abrir(page: Page): Promise<void> {
  await iniciarSesion(page);
  await page.goto('/configuracion/mttr-mttf');
  await expect.poll(() => headerTitle(page)).toBe('MTTR-MTTF | Configuración');
  await expect
    .poll(() => page.getByRole('table', { name: 'Paros' }).isVisible(), { timeout: 20_000 })
    .toBe(true);
}

const fila = (page: Page, texto: string) => page.getByRole('row').filter({ hasText: texto });

/** Types a date and time key by key as a person would (the field's sections take the digits). */
async function escribirInstante(dialogo: Locator, campo: 'inicio' | 'fin', texto: string) {
  await dialogo.getByTestId(`paro-${campo}`).getByRole('spinbutton').first().click();
  await dialogo.page().keyboard.type(texto.replace(/\D/g, ''));
}

async function elegir(page: Page, dialogo: Locator, combo: string, opcion: string) {
  await dialogo.getByRole('combobox', { name: combo }).click();
  await page.getByRole('option', { name: opcion, exact: true }).click();
}

describe('/configuracion/mttr-mttf', () => {
  const { newPage } = useBrowser();

  beforeAll(async () => {
    token = await apiLogin();
    const data = await api<{
      calendarioPlanta: { dia_produccion: string; zona_horaria: string };
      lineas: { id: string; nombre: string; numero: number }[];
    }>('{ calendarioPlanta { dia_produccion zona_horaria } lineas { id nombre numero } }', {}, token);
    hoy = data.calendarioPlanta.dia_produccion;
    tz = data.calendarioPlanta.zona_horaria;
    lineas = data.lineas;
    dia = addDays(hoy, -3);
  });

  it('creates a paro through the form (with its Spanish errors); the line’s MTTR follows', async () => {
    const linea = lineas[0]!;
    const antes = await mantenimiento(linea.numero);
    expect(antes).toMatchObject({ fallas: 0, mttr: null });
    expect(await mttrDelDia(`MTTR (min)${antes.sufijo}`, dia)).toBeNull();

    const page = await newPage(1440);
    await abrir(page);
    await page.getByRole('button', { name: 'Nuevo paro' }).click();
    const dialogo = page.getByRole('dialog');
    await elegir(page, dialogo, 'Tipo', 'Falla');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialogo.getByText('Elija la línea').isVisible()).toBe(true);
    expect(await dialogo.getByText('Escriba el fin').isVisible()).toBe(true);
    expect(await dialogo.getByText('El equipo es obligatorio').isVisible()).toBe(true);

    await elegir(page, dialogo, 'Línea', linea.nombre);
    await escribirInstante(dialogo, 'inicio', tecleo(dia, 120));
    await escribirInstante(dialogo, 'fin', tecleo(dia, 100));
    await dialogo.getByLabel('Equipo').fill('Llenadora');
    await dialogo.getByLabel('Causa').fill('Falla de válvula de llenado');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialogo.getByText('El fin debe ser posterior al inicio').isVisible()).toBe(true);

    await escribirInstante(dialogo, 'fin', tecleo(dia, 150));
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Paro registrado').isVisible()).toBe(true);
    await expect.poll(() => dialogo.isVisible()).toBe(false);
    await expect.poll(() => fila(page, 'Falla de válvula de llenado').count()).toBe(1);
    const texto = await fila(page, 'Falla de válvula de llenado').textContent();
    expect(texto).toContain(tecleo(dia, 120));
    expect(texto).toContain('30');
    expect(texto).toContain('Falla');
    // What /mantenimiento reads follows: the line's figures and its daily MTTR variable.
    expect(await mantenimiento(linea.numero)).toMatchObject({ fallas: 1, mttr: 30 });
    expect(await mttrDelDia(`MTTR (min)${antes.sufijo}`, dia)).toBe(30);

    // The server's overlap check: a second paro over the first one.
    await page.getByRole('button', { name: 'Nuevo paro' }).click();
    await elegir(page, dialogo, 'Línea', linea.nombre);
    await escribirInstante(dialogo, 'inicio', tecleo(dia, 140));
    await escribirInstante(dialogo, 'fin', tecleo(dia, 160));
    await dialogo.getByLabel('Equipo').fill('Etiquetadora');
    await dialogo.getByLabel('Causa').fill('Rodillo');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    const mensaje = new RegExp(`^El paro se superpone con otro paro de ${linea.nombre} \\(FALLA, `);
    await expect.poll(() => dialogo.getByText(mensaje).isVisible()).toBe(true);
    expect(await dialogo.isVisible()).toBe(true);
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await cerrarPagina(page);
  });

  it('edits and deletes a paro with confirmation', async () => {
    await crearParoApi('Acumulación en transportador', 300, 5);
    const page = await newPage(1440);
    await abrir(page);
    await fila(page, 'Acumulación en transportador')
      .getByRole('button', { name: /^Editar paro/ })
      .click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByLabel('Causa').fill('Acumulación en mesa de acumulación');
    await escribirInstante(dialogo, 'fin', tecleo(dia, 312));
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Paro actualizado').isVisible()).toBe(true);
    await expect.poll(() => fila(page, 'Acumulación en mesa de acumulación').count()).toBe(1);
    expect(await fila(page, 'Acumulación en mesa de acumulación').textContent()).toContain('12');

    await fila(page, 'Acumulación en mesa de acumulación')
      .getByRole('button', { name: /^Eliminar paro/ })
      .click();
    const confirmar = page.getByRole('dialog');
    await expect.poll(() => confirmar.getByText(/¿Eliminar el paro de/).isVisible()).toBe(true);
    await confirmar.getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => page.getByText('Paro eliminado').isVisible()).toBe(true);
    await expect.poll(() => fila(page, 'Acumulación en mesa de acumulación').count()).toBe(0);
    await cerrarPagina(page);
  });

  it('filters the paros by the days typed in Desde and Hasta (a half-typed date keeps the range)', async () => {
    await crearParoApi('Atasco en encajonadora', 420, 4);
    const page = await newPage(1440);
    await abrir(page);
    await expect.poll(() => fila(page, 'Atasco en encajonadora').count()).toBe(1);
    const desde = page.getByTestId('paros-desde').getByRole('textbox', { name: 'Desde' });
    const hasta = page.getByTestId('paros-hasta').getByRole('textbox', { name: 'Hasta' });

    await desde.fill(ddmmyyyy(addDays(dia, 1)));
    await desde.press('Enter');
    await expect.poll(() => fila(page, 'Atasco en encajonadora').count()).toBe(0);

    await hasta.fill('12/0');
    await hasta.press('Enter');
    await expect.poll(() => page.getByText('Fecha no válida (DD/MM/AAAA)').isVisible()).toBe(true);
    expect(await fila(page, 'Atasco en encajonadora').count()).toBe(0);
    await desde.fill(ddmmyyyy(addDays(dia, -2)));
    await desde.press('Enter');
    await expect.poll(() => fila(page, 'Atasco en encajonadora').count()).toBe(1);

    await hasta.fill(ddmmyyyy(addDays(dia, -1)).replaceAll('/', ''));
    await hasta.press('Tab');
    await expect.poll(() => fila(page, 'Atasco en encajonadora').count()).toBe(0);
    await cerrarPagina(page);
  });

  it('two admins edit the same paro: the second save gets the conflict warning and the reloaded data', async () => {
    await crearParoApi('Sensor de nivel', 400, 3);
    const otro = await createTestUser('mttrb', 'admin');
    const a = await newPage(1440);
    const b = await newPage(1440);
    await abrir(a);
    await iniciarSesion(b, otro.username, otro.password);
    await b.goto('/configuracion/mttr-mttf');
    await expect.poll(() => fila(b, 'Sensor de nivel').count(), { timeout: 20_000 }).toBe(1);

    for (const page of [a, b]) {
      await fila(page, 'Sensor de nivel')
        .getByRole('button', { name: /^Editar paro/ })
        .click();
    }
    await a.getByRole('dialog').getByLabel('Causa').fill('Sensor de nivel (A)');
    await a.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => a.getByText('Paro actualizado').isVisible()).toBe(true);

    await b.getByRole('dialog').getByLabel('Causa').fill('Sensor de nivel (B)');
    await b.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => b.getByText(CAMBIO_CONCURRENTE).isVisible()).toBe(true);
    await expect.poll(() => b.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => fila(b, 'Sensor de nivel (A)').count()).toBe(1);
    expect(await fila(b, 'Sensor de nivel (B)').count()).toBe(0);
    await cerrarPagina(a);
    await cerrarPagina(b);
  });

  it('enters, edits and removes MTTR/MTTF by hand for a line-day without failures', async () => {
    const linea = lineas[lineas.length - 1]!;
    const fecha = addDays(hoy, -10);
    const page = await newPage(1440);
    await abrir(page);
    await page.getByRole('tab', { name: 'MTTR/MTTF manual' }).click();
    await page.getByRole('button', { name: 'Nuevo MTTR/MTTF' }).click();
    const dialogo = page.getByRole('dialog');
    await elegir(page, dialogo, 'Línea', linea.nombre);
    await dialogo.getByTestId('manual-fecha').getByRole('spinbutton').first().click();
    await page.keyboard.type(ddmmyyyy(fecha));
    await dialogo.getByLabel('MTTR (min)').fill('-3');
    await dialogo.getByLabel('MTTF (min)').fill('480');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialogo.getByText('No puede ser negativo').isVisible()).toBe(true);
    await dialogo.getByLabel('MTTR (min)').fill('12,5');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialogo.getByText('Use punto decimal (p. ej. 12.5)').isVisible()).toBe(true);
    await dialogo.getByLabel('MTTR (min)').fill('12.5');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('MTTR/MTTF registrado').isVisible()).toBe(true);
    const texto = () => fila(page, ddmmyyyy(fecha)).filter({ hasText: linea.nombre }).textContent();
    await expect.poll(texto).toContain('12.50');

    await fila(page, ddmmyyyy(fecha))
      .getByRole('button', { name: /^Editar MTTR\/MTTF/ })
      .click();
    await dialogo.getByLabel('MTTR (min)').fill('15');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('MTTR/MTTF actualizado').isVisible()).toBe(true);
    await expect.poll(texto).toContain('15.00');

    await fila(page, ddmmyyyy(fecha))
      .getByRole('button', { name: /^Quitar MTTR\/MTTF/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Quitar' }).click();
    await expect.poll(() => page.getByText('MTTR/MTTF manual quitado').isVisible()).toBe(true);
    await expect.poll(() => fila(page, ddmmyyyy(fecha)).count()).toBe(0);
    await cerrarPagina(page);
  });

  it('fits 360 px without horizontal scroll (both tabs and the form)', async () => {
    await crearParoApi('Paro para la vista de teléfono', 500, 4);
    const page = await newPage(360);
    await abrir(page);
    await expect.poll(() => fila(page, 'Microparo').count()).toBeGreaterThan(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Nuevo paro' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('tab', { name: 'MTTR/MTTF manual' }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'MTTR/MTTF ingresados a mano' }).isVisible())
      .toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });

  it('has no serious accessibility violations (screen, tabs and dialogs, 1440 and 360 px)', async () => {
    for (const width of [1440, 360]) {
      const page = await newPage(width);
      await abrir(page);
      expect(await violacionesGraves(page), `paros @ ${width}`).toEqual([]);
      await page.getByRole('button', { name: 'Nuevo paro' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
      await expect.poll(() => page.getByText('Elija la línea').isVisible()).toBe(true);
      expect(await violacionesGraves(page), `diálogo de paro @ ${width}`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await page.getByRole('tab', { name: 'MTTR/MTTF manual' }).click();
      await expect
        .poll(() => page.getByRole('table', { name: 'MTTR/MTTF ingresados a mano' }).isVisible())
        .toBe(true);
      expect(await violacionesGraves(page), `manual @ ${width}`).toEqual([]);
      await page.getByRole('button', { name: 'Nuevo MTTR/MTTF' }).click();
      await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
      expect(await violacionesGraves(page), `diálogo manual @ ${width}`).toEqual([]);
      await cerrarPagina(page);
    }
  });

  it('is admin only: another user is sent to /no-autorizado', async () => {
    const user = await createTestUser('mttrlector', null);
    const page = await newPage(1440);
    await iniciarSesion(page, user.username, user.password);
    await page.goto('/configuracion/mttr-mttf');
    await expectPath(page, '/no-autorizado');
    await cerrarPagina(page);
  });
});
