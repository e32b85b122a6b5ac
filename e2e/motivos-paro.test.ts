import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, uniqueUsername } from './api.ts';
import {
  cerrarPagina,
  elegirOpcion,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';

/**
 * The plant's stop reasons and shifts (issue 33, items 2 and 3), driven as an admin would: a
 * category and a reason with its class, lines and fault codes created in the "Motivos de paro" tab
 * of /configuracion/mttr-mttf (the server's refusal of a code another reason holds shown under the
 * field), a line's micro-stop threshold changed, and the shifts set to two of 12 h on
 * /configuracion/productividad — each read back through the API; both screens at 360 px.
 */

let token = '';

interface Motivo {
  id: string;
  nombre: string;
  categoria: string;
  clase: string;
  linea_ids: string[];
  codigos_falla: number[];
  version: number;
}

async function motivos(): Promise<Motivo[]> {
  const { motivosParo } = await api<{ motivosParo: Motivo[] }>(
    '{ motivosParo { id nombre categoria clase linea_ids codigos_falla version } }',
    {},
    token,
  );
  return motivosParo;
}

interface Turno {
  numero: number;
  nombre: string;
  inicio: string;
  fin: string;
  version: number;
}

async function turnos(): Promise<Turno[]> {
  const { turnosHorario } = await api<{ turnosHorario: Turno[] }>(
    '{ turnosHorario { numero nombre inicio fin version } }',
    {},
    token,
  );
  return turnosHorario;
}

async function abrirMotivos(page: Page): Promise<void> {
  await page.goto('/configuracion/mttr-mttf');
  await expect.poll(() => headerTitle(page)).toBe('MTTR-MTTF | Configuración');
  await page.getByRole('tab', { name: 'Motivos de paro' }).click();
  await expect
    .poll(() => page.getByRole('button', { name: 'Nueva categoría' }).isVisible(), { timeout: 20_000 })
    .toBe(true);
}

describe('stop reasons and shifts', () => {
  const { newPage } = useBrowser();
  let turnosAntes: Turno[] = [];

  beforeAll(async () => {
    token = await apiLogin();
    turnosAntes = await turnos();
  });

  afterAll(async () => {
    // The e2e server is shared: the plant's shifts go back to what they were.
    const actuales = await turnos();
    await api(
      'mutation($t: [TurnoHorarioInput!]!, $v: Int) { guardarTurnosHorario(turnos: $t, version: $v) { numero } }',
      {
        t: turnosAntes.map(({ nombre, inicio, fin }) => ({ nombre, inicio, fin })),
        v: actuales[0]?.version,
      },
      token,
    );
  });

  it('comes with the default tree; creates a category and a reason; a code another reason holds is refused under its field', async () => {
    const antes = await motivos();
    const llenadora = antes.find((m) => m.nombre === 'Llenadora');
    expect(llenadora).toMatchObject({ categoria: 'Mecánica', clase: 'FALLA', linea_ids: [] });
    expect(llenadora!.codigos_falla.length).toBeGreaterThan(0);
    const codigoTomado = llenadora!.codigos_falla[0]!;

    const categoria = `Pruebas ${uniqueUsername('c')}`;
    const motivo = `Atasco en ${uniqueUsername('m')}`;
    const page = await newPage(1440);
    await iniciarSesion(page);
    await abrirMotivos(page);
    await expect.poll(() => page.getByRole('listitem', { name: 'Mecánica' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Nueva categoría' }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByLabel('Nombre').fill(categoria);
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Categoría creada').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('listitem', { name: categoria }).isVisible()).toBe(true);

    await page.getByRole('button', { name: `Nuevo motivo en ${categoria}` }).click();
    await dialogo.getByLabel('Nombre').fill(motivo);
    await elegirOpcion(page, dialogo.getByRole('combobox', { name: 'Clase de pérdida' }), 'Microparo');
    await dialogo.getByLabel('Códigos de falla').fill(`${codigoTomado}, 9101`);
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    // The server's answer, under the field: the code selects Llenadora on every line already.
    await expect
      .poll(() =>
        dialogo.getByText(new RegExp(`${codigoTomado}.*Llenadora|Llenadora.*${codigoTomado}`)).count(),
      )
      .toBeGreaterThan(0);
    await dialogo.getByLabel('Códigos de falla').fill('9102 9101');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Motivo creado').isVisible()).toBe(true);
    const item = page.getByRole('listitem', { name: motivo });
    await expect.poll(() => item.textContent()).toContain('Microparo');
    expect(await item.textContent()).toContain('Todas las líneas');

    const creado = (await motivos()).find((m) => m.nombre === motivo);
    expect(creado).toMatchObject({
      categoria,
      clase: 'MICROPARO',
      linea_ids: [],
      codigos_falla: [9101, 9102],
      version: 1,
    });
    await cerrarPagina(page);
  });

  it('changes a line’s micro-stop threshold', async () => {
    const umbrales = async () =>
      (
        await api<{ umbralesMicroparo: { linea_id: string; linea_nombre: string; segundos: number }[] }>(
          '{ umbralesMicroparo { linea_id linea_nombre segundos } }',
          {},
          token,
        )
      ).umbralesMicroparo;
    const [primera] = await umbrales();
    expect(primera).toBeDefined();
    const nuevo = primera!.segundos === 90 ? 95 : 90;
    const page = await newPage(1440);
    await iniciarSesion(page);
    await abrirMotivos(page);
    await page.getByRole('button', { name: `Editar umbral ${primera!.linea_nombre}` }).click();
    const dialogo = page.getByRole('dialog');
    const campo = dialogo.getByLabel(/^Segundos/);
    await campo.fill('5');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    expect(await page.getByRole('dialog').count()).toBe(1);
    await campo.fill(String(nuevo));
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Umbral de microparo guardado').isVisible()).toBe(true);
    await expect
      .poll(async () => (await umbrales()).find((u) => u.linea_id === primera!.linea_id)?.segundos)
      .toBe(nuevo);
    await cerrarPagina(page);
  });

  it('sets the plant’s shifts to two of 12 h', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/configuracion/productividad');
    await page.getByRole('tab', { name: 'Horario de turnos' }).click();
    await page.getByRole('button', { name: 'Editar horario' }).click();
    const dialogo = page.getByRole('dialog');
    while ((await dialogo.getByRole('listitem', { name: /^Turno \d$/ }).count()) > 2) {
      const n = await dialogo.getByRole('listitem', { name: /^Turno \d$/ }).count();
      await dialogo.getByRole('button', { name: `Quitar turno ${n}` }).click();
    }
    await dialogo.getByLabel('Nombre del turno 1').fill('Día');
    await dialogo.getByLabel('Fin del turno 1').fill('20:00');
    await dialogo.getByLabel('Inicio del turno 2').fill('20:00');
    await dialogo.getByLabel('Nombre del turno 2').fill('Noche');
    await dialogo.getByLabel('Fin del turno 2').fill('08:00');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Horario de turnos guardado').isVisible()).toBe(true);
    const guardados = await turnos();
    expect(guardados.map(({ numero, nombre, inicio, fin }) => ({ numero, nombre, inicio, fin }))).toEqual([
      { numero: 1, nombre: 'Día', inicio: '08:00', fin: '20:00' },
      { numero: 2, nombre: 'Noche', inicio: '20:00', fin: '08:00' },
    ]);
    const tabla = page.getByRole('table', { name: 'Horario de turnos' });
    await expect.poll(() => tabla.textContent()).toContain('Noche');
    await cerrarPagina(page);
  });

  it('both tabs fit a phone (360 px)', async () => {
    const page = await newPage(360);
    await iniciarSesion(page);
    await abrirMotivos(page);
    await expect.poll(() => page.getByRole('listitem', { name: 'Mecánica' }).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto('/configuracion/productividad');
    await page.getByRole('tab', { name: 'Horario de turnos' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Horario de turnos' }).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});
