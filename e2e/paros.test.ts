import { horaPlanta } from '@planta/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createTestUser, type TestUser } from './api.ts';
import {
  captura,
  cerrarPagina,
  expectPath,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';

/**
 * /paros (issue 33 item 4), as an operator at the line with a phone (360 px): an operator created
 * through the admin API with one line, three stops of the current shift written through the API
 * (createParo), then a reason given in two taps, a stop split, and a reason given offline that
 * reaches the server exactly once when the connection returns — each read back through the API.
 */

const MIN = 60_000;

interface ParoApi {
  id: string;
  inicio: string;
  fin: string | null;
  version: number;
  motivo: { nombre: string; categoria: string } | null;
  motivo_por: string | null;
  comentario: string | null;
}

let token = '';
let operador: TestUser;
let linea: { id: string; numero: number; nombre: string };
let timeZone = '';
/** The three stops written for the tests: A (two taps), B (split), C (offline). */
const paros: Record<'a' | 'b' | 'c', { inicio: number; fin: number }> = {
  a: { inicio: 0, fin: 0 },
  b: { inicio: 0, fin: 0 },
  c: { inicio: 0, fin: 0 },
};

async function parosDelTurno(): Promise<ParoApi[]> {
  const { parosTurno } = await api<{ parosTurno: { items: ParoApi[] } }>(
    `query($l: ID!) { parosTurno(linea_id: $l) { items {
      id inicio fin version comentario motivo_por motivo { nombre categoria } } } }`,
    { l: linea.id },
    token,
  );
  return parosTurno.items;
}

const paroEn = async (inicio: number) => (await parosDelTurno()).find((p) => Date.parse(p.inicio) === inicio);

const rango = (p: { inicio: number; fin: number }) =>
  `${horaPlanta(p.inicio, timeZone)}–${horaPlanta(p.fin, timeZone)}`;

type Tramo = { inicio: number; fin: number };

/** Room on a line for A (2 min), B (3 min) and C (2 min) in the current shift, a minute apart. */
async function buscarLugar(
  lineas: { id: string; numero: number; nombre: string }[],
): Promise<{ linea: (typeof lineas)[number]; paros: Record<'a' | 'b' | 'c', Tramo> } | null> {
  for (const l of lineas) {
    const { parosTurno } = await api<{
      parosTurno: { desde: string; items: { inicio: string; fin: string | null }[] };
    }>('query($l: ID!) { parosTurno(linea_id: $l) { desde items { inicio fin } } }', { l: l.id }, token);
    const arriba = (t: number) => Math.ceil(t / MIN) * MIN;
    const abajo = (t: number) => Math.floor(t / MIN) * MIN;
    const ocupados = parosTurno.items
      .map((p) => ({ inicio: Date.parse(p.inicio), fin: p.fin ? Date.parse(p.fin) : Infinity }))
      .sort((a, b) => a.inicio - b.inicio);
    const huecos: Tramo[] = [];
    let desde = arriba(Date.parse(parosTurno.desde)) + MIN;
    for (const o of ocupados) {
      const hasta = abajo(o.inicio) - MIN;
      if (hasta > desde) huecos.push({ inicio: desde, fin: hasta });
      desde = Math.max(desde, o.fin === Infinity ? Infinity : arriba(o.fin) + MIN);
    }
    const ahora = abajo(Date.now()) - MIN;
    if (ahora > desde) huecos.push({ inicio: desde, fin: ahora });
    // Latest first: C, then B, then A, each from the end of the latest gap that holds it.
    const colocados: Tramo[] = [];
    for (const minutos of [2, 3, 2]) {
      const hueco = [...huecos].reverse().find((h) => h.fin - minutos * MIN >= h.inicio);
      if (!hueco) break;
      colocados.push({ inicio: hueco.fin - minutos * MIN, fin: hueco.fin });
      hueco.fin -= (minutos + 1) * MIN;
    }
    if (colocados.length === 3)
      return { linea: l, paros: { c: colocados[0]!, b: colocados[1]!, a: colocados[2]! } };
  }
  return null;
}

/** Writes the stops (all or none: a stop the collector opened meanwhile may overlap one). */
async function crearParos(lineaId: string, tramos: Record<'a' | 'b' | 'c', Tramo>): Promise<boolean> {
  const creados: string[] = [];
  try {
    for (const p of Object.values(tramos)) {
      const { createParo } = await api<{ createParo: { id: string } }>(
        'mutation($i: ParoInput!) { createParo(input: $i) { id } }',
        {
          i: {
            linea_id: lineaId,
            inicio: new Date(p.inicio).toISOString(),
            fin: new Date(p.fin).toISOString(),
            equipo: 'Llenadora',
            causa: 'Paro de prueba e2e',
            tipo: 'FALLA',
          },
        },
        token,
      );
      creados.push(createParo.id);
    }
    return true;
  } catch (error) {
    console.warn('paros de prueba no creados, se reintenta', error);
    for (const id of creados) await api('mutation($id: ID!) { deleteParo(id: $id) { id } }', { id }, token);
    return false;
  }
}

async function abrirParos(page: Page): Promise<void> {
  await iniciarSesion(page, operador.username, operador.password);
  await page.goto('/paros');
  await expect.poll(() => headerTitle(page)).toBe('Paros');
  await expect
    .poll(() => page.getByRole('list', { name: 'Paros del turno' }).isVisible(), { timeout: 20_000 })
    .toBe(true);
}

const filaDe = (page: Page, p: { inicio: number; fin: number }) =>
  page.getByRole('button', { name: new RegExp(`^${rango(p)}`) });

describe('/paros: an operator gives stop reasons from the phone', () => {
  const { newPage } = useBrowser();

  beforeAll(async () => {
    token = await apiLogin();
    const { lineas, calendarioPlanta } = await api<{
      lineas: { id: string; numero: number; nombre: string }[];
      calendarioPlanta: { zona_horaria: string };
    }>('{ lineas { id numero nombre } calendarioPlanta { zona_horaria } }', {}, token);
    timeZone = calendarioPlanta.zona_horaria;
    // The simulator's collector opens and closes stops on every line: the test's stops go where a
    // line has room in the current shift (the last lines first; the other suites use the first).
    const porNumero = [...lineas].sort((a, b) => b.numero - a.numero);
    for (let intento = 0; ; intento++) {
      const lugar = await buscarLugar(porNumero);
      if (lugar && (await crearParos(lugar.linea.id, lugar.paros))) {
        linea = lugar.linea;
        Object.assign(paros, lugar.paros);
        break;
      }
      // Early in a shift no line has room yet: look again every 10 s (room comes by the minute),
      // for up to 15 minutes.
      if (intento >= 90) throw new Error('ninguna línea tiene 9 minutos libres en el turno en curso');
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
    operador = await createTestUser('oper', 'operador');
    await api(
      'mutation($u: ID!, $l: [ID!]!) { asignarLineasOperador(user_id: $u, linea_ids: $l) { id } }',
      { u: operador.id, l: [linea.id] },
      token,
    );
  }, 20 * MIN);

  it('an operator opens only /menu, /paros and /fabrica/lineas', async () => {
    const page = await newPage(360);
    await iniciarSesion(page, operador.username, operador.password);
    await page.goto('/fabrica');
    await expectPath(page, '/no-autorizado');
    await page.goto('/menu');
    const principal = page.getByRole('main');
    await expect
      .poll(() => principal.getByRole('link', { name: 'Paros', exact: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await principal.getByRole('link', { name: 'Lineas', exact: true }).isVisible()).toBe(true);
    expect(await principal.getByRole('link', { name: 'Dashboard Fábrica', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Usuarios' }).count()).toBe(0);
    await cerrarPagina(page);
  });

  it('gives a reason in two taps (360 px)', async () => {
    const page = await newPage(360);
    await abrirParos(page);
    expect(await page.getByRole('combobox', { name: 'Línea' }).textContent()).toContain(linea.nombre);
    const fila = filaDe(page, paros.a);
    await expect.poll(() => fila.textContent(), { timeout: 15_000 }).toContain('Sin motivo');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await captura(page, 'paros-360');

    await fila.click();
    const hoja = page.getByRole('dialog');
    await hoja.getByRole('button', { name: 'Mecánica', exact: true }).click();
    await captura(page, 'paros-hoja-360');
    await hoja.getByRole('button', { name: 'Llenadora', exact: true }).click();
    await expect.poll(() => page.getByText('Motivo guardado').isVisible()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => filaDe(page, paros.a).textContent()).toContain('Llenadora');

    const guardado = await paroEn(paros.a.inicio);
    expect(guardado).toMatchObject({
      motivo: { nombre: 'Llenadora', categoria: 'Mecánica' },
      motivo_por: operador.name,
      version: 2,
    });
    await cerrarPagina(page);
  });

  it('splits a stop at a time inside it', async () => {
    const page = await newPage(360);
    await abrirParos(page);
    await filaDe(page, paros.b).click();
    const hoja = page.getByRole('dialog');
    await hoja.getByRole('button', { name: 'Dividir paro' }).click();
    const corte = paros.b.inicio + 2 * MIN;
    await hoja.getByLabel('Hora de corte').fill(horaPlanta(paros.b.fin + MIN, timeZone));
    await hoja.getByRole('button', { name: 'Dividir', exact: true }).click();
    await expect
      .poll(() => hoja.getByText('La hora de corte debe quedar dentro del paro').isVisible())
      .toBe(true);
    await hoja.getByLabel('Hora de corte').fill(horaPlanta(corte, timeZone));
    await hoja.getByRole('button', { name: 'Dividir', exact: true }).click();
    await expect.poll(() => page.getByText('Paro dividido').isVisible()).toBe(true);

    const primera = { inicio: paros.b.inicio, fin: corte };
    const segunda = { inicio: corte, fin: paros.b.fin };
    await expect.poll(() => filaDe(page, primera).count()).toBe(1);
    await expect.poll(() => filaDe(page, segunda).count()).toBe(1);
    const [p1, p2] = [await paroEn(primera.inicio), await paroEn(segunda.inicio)];
    expect(p1 && Date.parse(p1.fin ?? '')).toBe(corte);
    expect(p2 && Date.parse(p2.fin ?? '')).toBe(paros.b.fin);
    await cerrarPagina(page);
  });

  it('a reason given offline is kept, shown as pending and arrives exactly once', async () => {
    const page = await newPage(360);
    await abrirParos(page);
    const antes = await paroEn(paros.c.inicio);
    expect(antes?.motivo).toBeNull();

    await page.context().setOffline(true);
    await filaDe(page, paros.c).click();
    const hoja = page.getByRole('dialog');
    await hoja.getByLabel('Comentario').fill('Sin red en la línea');
    await hoja.getByRole('button', { name: 'Mecánica', exact: true }).click();
    await hoja.getByRole('button', { name: 'Etiquetadora', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const fila = filaDe(page, paros.c);
    await expect.poll(() => fila.textContent()).toContain('Pendiente de envío');
    expect(await fila.textContent()).toContain('Etiquetadora');
    await captura(page, 'paros-pendiente-360');
    expect((await paroEn(paros.c.inicio))?.motivo).toBeNull();

    await page.context().setOffline(false);
    await expect.poll(() => fila.textContent(), { timeout: 30_000 }).not.toContain('Pendiente de envío');
    await expect.poll(async () => (await paroEn(paros.c.inicio))?.motivo?.nombre).toBe('Etiquetadora');
    // Once: a single write (version + 1), nothing left on the phone, and no second send later.
    await page.waitForTimeout(1_500);
    const despues = await paroEn(paros.c.inicio);
    expect(despues).toMatchObject({ version: antes!.version + 1, comentario: 'Sin red en la línea' });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('paros')))).toEqual(
      [],
    );
    await cerrarPagina(page);
  });

  it('fits 1440 px too', async () => {
    const page = await newPage(1440);
    await abrirParos(page);
    await expect.poll(() => filaDe(page, paros.a).textContent()).toContain('Llenadora');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await captura(page, 'paros-1440');
    await filaDe(page, paros.c).click();
    await captura(page, 'paros-hoja-1440');
    await cerrarPagina(page);
  });
});
