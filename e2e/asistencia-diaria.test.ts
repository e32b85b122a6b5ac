import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays } from '@planta/domain';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createTestUser, type TestUser } from './api.ts';
import {
  cerrarPagina,
  expectPath,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';
import { chartState, ddmmyyyy, es, expectChartDrawn, historyFrom } from './dashboard.ts';
import { baseURL } from './servidores.ts';

// /recursos-humanos/asistencia-diaria. The e2e server has no demo history (DEMO_DAYS=0): the suite
// imports its own attendance through the time clock import (POST /api/rrhh/importaciones, a CSV),
// for employees and areas no other suite uses, on days long before the windows other suites write:
// two consecutive days, an empty day, then a third day (the trend's gap). The import is idempotent,
// so a second run on the same server changes nothing.

const NORTE = 'E2E Asistencia Norte';
const SUR = 'E2E Asistencia Sur';

interface Empleado {
  codigo: string;
  nombre: string;
  area: string;
}

const norte: Empleado[] = [
  { codigo: 'ADE2E01', nombre: 'Rosa Ñahui Quispe', area: NORTE },
  { codigo: 'ADE2E02', nombre: 'Julio Pérez Soto', area: NORTE },
  { codigo: 'ADE2E03', nombre: 'Marta León Ríos', area: NORTE },
  { codigo: 'ADE2E04', nombre: 'Hugo Salas Vera', area: NORTE },
  { codigo: 'ADE2E05', nombre: 'Elena Cruz Paz', area: NORTE },
  { codigo: 'ADE2E06', nombre: 'Iván Rojas Luna', area: NORTE },
];
const sur: Empleado[] = [
  { codigo: 'ADE2E11', nombre: 'Sofía Díaz Campos', area: SUR },
  { codigo: 'ADE2E12', nombre: 'Raúl Vega Torres', area: SUR },
  { codigo: 'ADE2E13', nombre: 'Nora Gil Medina', area: SUR },
  { codigo: 'ADE2E14', nombre: 'Tomás Ruiz Silva', area: SUR },
  { codigo: 'ADE2E15', nombre: 'Lucía Mora Ortiz', area: SUR },
];

/** Absence code per employee on each seeded day ('' = present). */
const CODIGOS: Record<'dia' | 'anterior' | 'previo', Record<string, string>> = {
  // The day under test: Norte 4 present, 1 falta, 1 vacaciones; Sur 3 present, 1 incapacidad, 1 permiso.
  dia: { ADE2E02: 'F', ADE2E03: 'V', ADE2E13: 'I', ADE2E14: 'PE' },
  // The day before: Norte 5 present, 1 falta; Sur 4 present, 1 vacaciones.
  anterior: { ADE2E06: 'F', ADE2E15: 'V' },
  // Three days before (two days before has no records: a gap in the trend): everyone present.
  previo: {},
};

function csv(fechas: Record<keyof typeof CODIGOS, string>): string {
  const filas = ['Código,Nombre,Área,Fecha,Entrada,Salida,Código de ausencia'];
  for (const clave of Object.keys(fechas) as (keyof typeof CODIGOS)[]) {
    for (const e of [...norte, ...sur]) {
      const codigo = CODIGOS[clave][e.codigo] ?? '';
      const horas = codigo === '' ? '07:00,15:00' : ',';
      filas.push(`${e.codigo},${e.nombre},${e.area},${fechas[clave]},${horas},${codigo}`);
    }
  }
  return filas.join('\n') + '\n';
}

interface AreaApi {
  area: string;
  programados: number;
  presentes: number;
  faltas: number;
  vacaciones: number;
  incapacidades: number;
  permisos: number;
  asistencia_pct: number | null;
  ausentismo_pct: number | null;
}

const DIARIA = `query($f: Date!) { asistenciaDiaria(fecha: $f) {
  area programados presentes faltas vacaciones incapacidades permisos asistencia_pct ausentismo_pct } }`;
const AUSENCIAS = `query($f: Date!, $a: String) { ausencias(fecha: $f, area: $a) {
  estado empleado { codigo nombre area puesto } } }`;
const RANGO = `query($d: Date!, $h: Date!, $a: String) { asistenciaRango(desde: $d, hasta: $h, area: $a) {
  fecha presentes asistencia_pct ausentismo_pct } }`;

/** The GraphQL error code of a request (null when it succeeded). */
async function errorCode(
  query: string,
  variables: Record<string, unknown>,
  token: string,
): Promise<string | null> {
  const response = await fetch(`${baseURL()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
  return body.errors?.[0]?.extensions?.code ?? null;
}

/** The table's rows as text cells (header cell first). */
function filasTabla(page: Page): Promise<string[][]> {
  return page
    .getByTestId('tabla-areas')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => (c.textContent ?? '').trim())),
    );
}

/**
 * The absent list's names as the grid shows them, scrolled to as a person does (the grid, last on
 * the screen, loads when it comes near the view).
 */
async function nombresAusentes(page: Page): Promise<string[]> {
  await page.getByTestId('seccion-ausentes').scrollIntoViewIfNeeded();
  return page
    .getByTestId('tabla-ausentes')
    .locator('[role="row"] [data-field="nombre"][role="gridcell"]')
    .allTextContents();
}

const pct = (v: number | null) => (v === null ? '—' : `${es(v, 2)} %`);

describe('Asistencia Diaria', () => {
  const { newPage } = useBrowser();
  let hr: TestUser;
  let plain: TestUser;
  let hrToken: string;
  let plainToken: string;
  /** The day under test, the day before, and the day with records before the gap. */
  let dia: string;
  let anterior: string;
  let previo: string;

  beforeAll(async () => {
    const admin = await apiLogin();
    const { calendarioPlanta } = await api<{ calendarioPlanta: { dia_produccion: string } }>(
      '{ calendarioPlanta { dia_produccion } }',
      {},
      admin,
    );
    dia = addDays(calendarioPlanta.dia_produccion, -150);
    anterior = addDays(dia, -1);
    previo = addDays(dia, -3);
    // The date pickers offer nothing before the first day of history.
    await historyFrom(admin, addDays(dia, -40));
    [hr, plain] = await Promise.all([
      createTestUser('rrhhasis', 'human-resources'),
      createTestUser('sinrrhhasis', null),
    ]);
    [hrToken, plainToken] = await Promise.all([
      apiLogin(hr.username, hr.password),
      apiLogin(plain.username, plain.password),
    ]);
    const form = new FormData();
    form.append(
      'archivo',
      new Blob([csv({ dia, anterior, previo })], { type: 'text/csv' }),
      'marcaciones-asistencia.csv',
    );
    const response = await fetch(`${baseURL()}/api/rrhh/importaciones`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hrToken}` },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }, 120_000);

  async function abrir(page: Page, query: string, fecha: string): Promise<void> {
    await iniciarSesion(page, hr.username, hr.password);
    await page.goto(`/recursos-humanos/asistencia-diaria${query}`);
    await expect
      .poll(() => page.getByTestId('asistencia-diaria').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(fecha);
  }

  it('shows the day by area, its figures, charts and absent list, reconciled with the API', async () => {
    const page = await newPage(1440);
    await abrir(page, `?fecha=${dia}`, dia);
    expect(await headerTitle(page)).toBe('Asistencia Diaria ~ Recursos Humnanos');
    expect(await page.title()).toContain('Asistencia Diaria ~ Recursos Humnanos');
    await expectChartDrawn(page, 'chart-estados');
    await expectChartDrawn(page, 'chart-tendencia');

    const { asistenciaDiaria: areas } = await api<{ asistenciaDiaria: AreaApi[] }>(
      DIARIA,
      { f: dia },
      hrToken,
    );
    const n = areas.find((a) => a.area === NORTE)!;
    const s = areas.find((a) => a.area === SUR)!;
    // What the suite imported (other suites may add areas of their own on other days only).
    expect(n).toMatchObject({ programados: 6, presentes: 4, faltas: 1, vacaciones: 1 });
    expect(s).toMatchObject({ programados: 5, presentes: 3, incapacidades: 1, permisos: 1 });
    expect(n.asistencia_pct).toBe(80); // 4 of the 5 due: vacations are not scheduled work

    // One row per area as the API gives it, then the plant's total: Σ of the areas, % of the sums.
    const filas = await filasTabla(page);
    expect(filas.map((f) => f[0])).toEqual([...areas.map((a) => a.area), 'Total planta']);
    for (const a of areas) {
      expect(filas.find((f) => f[0] === a.area)).toEqual([
        a.area,
        es(a.programados),
        es(a.presentes),
        es(a.faltas),
        es(a.vacaciones),
        es(a.incapacidades),
        es(a.permisos),
        pct(a.asistencia_pct),
        pct(a.ausentismo_pct),
      ]);
    }
    const suma = (k: keyof Omit<AreaApi, 'area' | 'asistencia_pct' | 'ausentismo_pct'>) =>
      areas.reduce((t, a) => t + a[k], 0);
    const due = suma('programados') - suma('vacaciones');
    const asistencia = Math.round((suma('presentes') / due) * 10_000) / 100;
    const total = filas.at(-1)!;
    expect(total.slice(1, 7)).toEqual(
      (['programados', 'presentes', 'faltas', 'vacaciones', 'incapacidades', 'permisos'] as const).map((k) =>
        es(suma(k)),
      ),
    );
    expect(total[7]).toBe(pct(asistencia));
    expect(await page.getByTestId('kpi-asistencia-valor').textContent()).toBe(pct(asistencia));
    expect(await page.getByTestId('kpi-presentes-valor').textContent()).toBe(
      `${es(suma('presentes'))} / ${es(suma('programados'))}`,
    );

    // The absent: as many as faltas + vacaciones + incapacidades + permisos, with their reasons.
    const ausentes = suma('faltas') + suma('vacaciones') + suma('incapacidades') + suma('permisos');
    const { ausencias } = await api<{ ausencias: unknown[] }>(AUSENCIAS, { f: dia }, hrToken);
    expect(ausencias).toHaveLength(ausentes);
    expect(await page.getByTestId('ausentes-cuenta').textContent()).toBe(
      `${es(ausentes)} ${ausentes === 1 ? 'ausente' : 'ausentes'}`,
    );
    await page.getByTestId('seccion-ausentes').scrollIntoViewIfNeeded();
    const grid = page.getByTestId('tabla-ausentes');
    const fila = (nombre: string) => grid.locator('[role="row"]', { hasText: nombre });
    await expect
      .poll(() => fila('Julio Pérez Soto').locator('[data-field="estado"]').textContent())
      .toBe('Falta');
    expect(await fila('Marta León Ríos').locator('[data-field="estado"]').textContent()).toBe('Vacaciones');
    expect(await fila('Nora Gil Medina').locator('[data-field="estado"]').textContent()).toBe('Incapacidad');
    expect(await fila('Tomás Ruiz Silva').locator('[data-field="estado"]').textContent()).toBe('Permiso');
    expect(await fila('Tomás Ruiz Silva').locator('[data-field="codigo"]').textContent()).toBe('ADE2E14');

    // Searching narrows the list (accents and case ignored).
    await page.getByTestId('buscar-ausente').fill('perez');
    await expect.poll(() => nombresAusentes(page)).toEqual(['Julio Pérez Soto']);
    expect(await page.getByTestId('ausentes-cuenta').textContent()).toBe(`1 de ${es(ausentes)} ausentes`);

    // The stacked bars draw each area's states; the trend has a gap (not a zero) on the empty day.
    const estados = await chartState(page, 'chart-estados');
    expect(estados!.series.map((x) => x.name)).toEqual([
      'Presentes',
      'Faltas',
      'Vacaciones',
      'Incapacidad',
      'Permiso',
    ]);
    expect(estados!.series[0]!.data.reduce((t: number, v) => t + (v ?? 0), 0)).toBe(suma('presentes'));
    const tendencia = await chartState(page, 'chart-tendencia');
    const { asistenciaRango } = await api<{
      asistenciaRango: { fecha: string; asistencia_pct: number | null }[];
    }>(RANGO, { d: addDays(dia, -29), h: dia }, hrToken);
    expect(tendencia!.series[0]!.data).toEqual(asistenciaRango.map((d) => d.asistencia_pct));
    expect(tendencia!.series[0]!.data.at(-3)).toBeNull(); // two days before: no records
    expect(tendencia!.series[0]!.data.at(-1)).toBe(asistencia);
    await cerrarPagina(page);
  });

  it('follows the day and the area chosen', async () => {
    const page = await newPage(1440);
    await abrir(page, `?fecha=${dia}`, dia);
    await page.getByTestId('selector-fecha-anterior').click();
    await expect
      .poll(() => page.getByTestId('asistencia-diaria').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(anterior);
    expect(new URL(page.url()).searchParams.get('fecha')).toBe(anterior);
    const { asistenciaDiaria: areas } = await api<{ asistenciaDiaria: AreaApi[] }>(
      DIARIA,
      { f: anterior },
      hrToken,
    );
    await expect
      .poll(async () => (await filasTabla(page)).find((f) => f[0] === NORTE)?.slice(1, 4))
      .toEqual(['6', '5', '1']);
    expect((await filasTabla(page)).find((f) => f[0] === SUR)?.slice(1, 5)).toEqual(['5', '4', '0', '1']);
    expect((await filasTabla(page)).at(-1)![2]).toBe(es(areas.reduce((t, a) => t + a.presentes, 0)));
    await expect.poll(() => nombresAusentes(page)).toContain('Iván Rojas Luna');

    // One area: its row only, its figures, its absent, its trend.
    await page.getByTestId('selector-area').click();
    await page.getByRole('option', { name: SUR }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('area')).toBe(SUR);
    await expect.poll(async () => (await filasTabla(page)).map((f) => f[0])).toEqual([SUR]);
    await expect.poll(() => nombresAusentes(page)).toEqual(['Lucía Mora Ortiz']);
    expect(await page.getByTestId('kpi-presentes-valor').textContent()).toBe('4 / 5');
    expect(await page.getByTestId('kpi-asistencia-valor').textContent()).toBe(pct(100));
    const { asistenciaRango } = await api<{ asistenciaRango: { asistencia_pct: number | null }[] }>(
      RANGO,
      { d: addDays(anterior, -29), h: anterior, a: SUR },
      hrToken,
    );
    await expect
      .poll(async () => (await chartState(page, 'chart-tendencia'))?.series[0]?.data)
      .toEqual(asistenciaRango.map((d) => d.asistencia_pct));

    // Back to every area; a day without records says so.
    await page.getByTestId('selector-area').click();
    await page.getByRole('option', { name: 'Todas' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('area')).toBeNull();
    await page.goto(`/recursos-humanos/asistencia-diaria?fecha=${addDays(dia, -2)}`);
    await expect
      .poll(() => page.getByTestId('sin-registros').textContent(), { timeout: 20_000 })
      .toBe('Sin registros de asistencia para el día.');
    expect(await page.getByTestId('kpi-asistencia-valor').textContent()).toBe('—');
    expect(await page.getByTestId('selector-fecha').locator('input').inputValue()).toBe(
      ddmmyyyy(addDays(dia, -2)),
    );
    await cerrarPagina(page);
  });

  it('Exportar → Excel downloads the day, its absent and the trend as .xlsx', async () => {
    const page = await newPage(1440);
    await abrir(page, `?fecha=${dia}`, dia);
    await page.getByRole('button', { name: 'Exportar' }).click();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^asistencia_${dia}.*\\.xlsx$`));
    const where = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'asistencia-')), file.suggestedFilename());
    await file.saveAs(where);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(where);
    const texto = (nombre: string) => {
      const hoja = book.worksheets.find((w) => w.name.startsWith(nombre));
      expect(hoja, `hoja ${nombre}`).toBeDefined();
      const celdas: string[] = [];
      hoja!.eachRow((row) => row.eachCell((c) => celdas.push(String(c.value ?? ''))));
      return celdas;
    };
    expect(texto('Día')).toEqual(expect.arrayContaining([NORTE, SUR]));
    expect(texto('Ausentes')).toEqual(
      expect.arrayContaining(['Julio Pérez Soto', 'Marta León Ríos', 'Nora Gil Medina', 'Tomás Ruiz Silva']),
    );
    expect(book.worksheets.some((w) => w.name.startsWith('Tendencia'))).toBe(true);
    await cerrarPagina(page);
  });

  it('is usable at 360 px without sideways scrolling', async () => {
    const page = await newPage(360);
    await abrir(page, `?fecha=${dia}`, dia);
    await expectChartDrawn(page, 'chart-estados');
    await expectChartDrawn(page, 'chart-tendencia');
    await expect.poll(() => nombresAusentes(page).then((n) => n.length)).toBeGreaterThan(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });

  it('sends a user without the permission to /no-autorizado; the API answers FORBIDDEN', async () => {
    const page = await newPage();
    await iniciarSesion(page, plain.username, plain.password);
    await page.goto(`/recursos-humanos/asistencia-diaria?fecha=${dia}`);
    await expectPath(page, '/no-autorizado');
    await cerrarPagina(page);

    const consultas: [string, Record<string, unknown>][] = [
      ['{ areasRrhh }', {}],
      [DIARIA, { f: dia }],
      [RANGO, { d: anterior, h: dia, a: null }],
      [AUSENCIAS, { f: dia, a: null }],
      [
        'mutation($i: ExportarAsistenciaInput!) { exportarAsistencia(input: $i) { id } }',
        { i: { fecha: dia, desde: anterior, hasta: dia } },
      ],
    ];
    for (const [query, variables] of consultas) {
      expect(await errorCode(query, variables, plainToken), query).toBe('FORBIDDEN');
      expect(await errorCode(query, variables, hrToken), query).toBeNull();
    }
  });
});
