import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createTestUser, type TestUser } from './api.ts';
import { hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';

// /reportes: the four reports as cards with their links, and "Mis exportaciones recientes" of the
// signed-in user. A user of its own (so the list starts empty on a shared server) starts an air
// export through the API over minutes the collector has already written; the list shows it and
// its "Descargar" button saves a real .xlsx whose rows are reporteAire's for the same range.

interface Reporte {
  columnas: { variable: string; unidad: string }[];
  filas: { fecha: string; valores: (number | null)[] }[];
}

const REPORTES = [
  ['Reporte de Contadores', '/reportes/contadores'],
  ['Reporte de Variables SCADA', '/reportes/scada'],
  ['Reporte de Aire', '/reportes/aire'],
  ['Reporte de Agua', '/reportes/agua'],
] as const;

describe('Reportes (hub) and a real .xlsx export', () => {
  const { newPage } = useBrowser();
  let user: TestUser;
  let token: string;
  let desde: string;
  let hasta: string;

  const reporteAire = async () =>
    (
      await api<{ reporteAire: Reporte }>(
        'query($d: DateTime!, $h: DateTime!) { reporteAire(desde: $d, hasta: $h, intervalo: "1m") { columnas { variable unidad } filas { fecha valores } } }',
        { d: desde, h: hasta },
        token,
      )
    ).reporteAire;

  beforeAll(async () => {
    user = await createTestUser('reportes', null);
    token = await apiLogin(user.username, user.password);
    // A range of whole minutes the collector has closed already: the last 15 minutes up to the
    // minute before the current one (its last minute closed a minute ago or more, so the export and
    // the report read the same rows), with at least one minute of air figures. A server that has
    // just started has none: its first full minute is in such a range 2–3 minutes after the start.
    // Waiting for the third minute two minutes back held the browser tests ≈ 5½ minutes after
    // their servers started: on a fast machine the last 40 s of the browser tests were this file
    // alone, waiting (docs/testing.md).
    const limite = Date.now() + 360_000;
    for (;;) {
      const fin = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
      desde = new Date(fin - 15 * 60_000).toISOString();
      hasta = new Date(fin).toISOString();
      const r = await reporteAire();
      if (r.filas.some((f) => f.valores.some((v) => v !== null))) break;
      if (Date.now() > limite) throw new Error('el colector no escribió un minuto de aire en 6 minutos');
      await new Promise((res) => setTimeout(res, 2000));
    }
  }, 420_000);

  it('shows the four reports with what they contain and links to them; the list starts empty', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page, user.username, user.password);
    await page.goto('/reportes');
    await expect.poll(() => headerTitle(page)).toBe('Reportes');
    await expect.poll(() => page.title()).toBe('Reportes');
    const nav = page.getByRole('navigation', { name: 'Reportes disponibles' });
    for (const [titulo, ruta] of REPORTES) {
      await expect.poll(() => nav.getByRole('heading', { name: titulo }).count()).toBe(1);
      expect(await nav.getByRole('link', { name: `Abrir ${titulo}` }).getAttribute('href')).toBe(ruta);
    }
    await expect.poll(() => page.getByTestId('sin-exportaciones').isVisible()).toBe(true);
    await nav.getByRole('link', { name: 'Abrir Reporte de Aire' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/reportes/aire');
    await expect.poll(() => headerTitle(page)).toBe('Reporte de Aire');
  });

  it('lists an export started through the API and downloads it as a real .xlsx (rows = reporteAire)', async () => {
    const { exportarReporteAire: started } = await api<{
      exportarReporteAire: { id: string; nombre: string };
    }>(
      'mutation($i: ExportarReporteInput!) { exportarReporteAire(input: $i) { id nombre } }',
      { i: { desde, hasta, intervalo: '1m' } },
      token,
    );
    const page = await newPage(1440);
    await iniciarSesion(page, user.username, user.password);
    await page.goto('/reportes');
    const fila = page.locator(`[data-testid="exportacion"][data-id="${started.id}"]`);
    await expect.poll(() => fila.count(), { timeout: 15_000 }).toBe(1);
    expect(await fila.textContent()).toContain(started.nombre);
    expect(await fila.textContent()).toContain('Reporte de Aire');
    const descargar = fila.getByRole('button', { name: `Descargar ${started.nombre}` });
    // EN_PROCESO → LISTA: the list polls every second while an export runs.
    await expect.poll(() => descargar.count(), { timeout: 30_000 }).toBe(1);
    expect(await fila.textContent()).toMatch(/Lista/);

    const [download] = await Promise.all([page.waitForEvent('download'), descargar.click()]);
    expect(download.suggestedFilename()).toBe(started.nombre);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'planta-xlsx-')), started.nombre);
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.getWorksheet('Reporte de Aire')!;
    expect(sheet.getCell('A1').value).toBe('Reporte de Aire');
    expect(sheet.getCell('E2').value).toBe(user.name);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 7 });

    const report = await reporteAire();
    const header = (sheet.getRow(7).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Fecha y hora',
      ...report.columnas.map((c) =>
        c.variable.includes(`(${c.unidad})`) ? c.variable : `${c.variable} (${c.unidad})`,
      ),
    ]);
    const { calendarioPlanta } = await api<{ calendarioPlanta: { zona_horaria: string } }>(
      '{ calendarioPlanta { zona_horaria } }',
      {},
      token,
    );
    expect(report.filas.length).toBeGreaterThan(0);
    report.filas.forEach((f, i) => {
      const row = sheet.getRow(8 + i);
      const fecha = row.getCell(1).value as Date;
      // Excel dates are the plant's wall clock: the instant shifted by the zone's offset.
      const wall = new Date(f.fecha);
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: calendarioPlanta.zona_horaria,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(wall)
          .map((p) => [p.type, p.value]),
      );
      expect(fecha.toISOString().slice(0, 16)).toBe(
        `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`,
      );
      f.valores.forEach((v, j) => expect(row.getCell(2 + j).value ?? null).toBe(v));
    });
    expect(sheet.getRow(8 + report.filas.length).getCell(1).value).toBe('Promedio');
  });

  it('fits 360 px without horizontal scroll', async () => {
    const page = await newPage(360);
    await iniciarSesion(page, user.username, user.password);
    await page.goto('/reportes');
    await expect.poll(() => headerTitle(page)).toBe('Reportes');
    await expect.poll(() => page.getByTestId('exportacion').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
