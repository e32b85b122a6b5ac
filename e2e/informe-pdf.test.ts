import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatFecha, formatFechaLarga, formatMesAnioLargo } from '@planta/charts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, createTestUser, type TestUser } from './api.ts';
import { headerTitle, iniciarSesion, useBrowser } from './browser.ts';

// The header's "Reporte" button on /fabrica and /mantenimiento: the server makes the screen's PDF
// (generarReportePdf), the button shows its progress and the browser downloads it. The file is
// read back with pdftotext (title, plant, period, page numbers) and page 1 is rendered with
// pdftoppm to /tmp/shots13 to be looked at. A user of its own, so its export list starts empty and
// a double click can be counted.

const SHOTS = '/tmp/shots13';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'informe-pdf-'));

/** Spaces collapsed: wrapped lines and table cells compare as plain text. */
const plano = (s: string) => s.replace(/\s+/g, ' ');

async function descargarReporte(page: Page, nombre: string, doble = false) {
  const boton = page.getByRole('button', { name: 'Reporte', exact: true });
  await expect.poll(() => boton.isVisible()).toBe(true);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 90_000 }),
    doble ? boton.dblclick() : boton.click(),
  ]);
  const file = path.join(dir, `${nombre}.pdf`);
  await download.saveAs(file);
  const texto = plano(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
  const paginas = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  fs.mkdirSync(SHOTS, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(SHOTS, nombre)]);
  return { texto, paginas, sugerido: download.suggestedFilename() };
}

describe('Reporte (PDF) from the header button', () => {
  const { newPage } = useBrowser();
  let user: TestUser;
  let token: string;
  let hoy: string;

  beforeAll(async () => {
    user = await createTestUser('informe', null);
    token = await apiLogin(user.username, user.password);
    ({
      calendarioPlanta: { dia_produccion: hoy },
    } = await api<{ calendarioPlanta: { dia_produccion: string } }>(
      '{ calendarioPlanta { dia_produccion } }',
      {},
      token,
    ));
  });

  it('/fabrica: downloads the PDF of the day shown, with its title, period and page numbers', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page, user.username, user.password);
    await page.goto('/fabrica');
    await expect.poll(() => headerTitle(page)).toBe('Dashboard Fábrica');
    const { texto, paginas, sugerido } = await descargarReporte(page, 'informe-fabrica');
    expect(sugerido).toBe(`dashboard-fabrica_${hoy}.pdf`);
    expect(texto).toContain('Dashboard Fábrica');
    expect(texto).toContain(`Periodo: Día de producción: ${formatFechaLarga(hoy)}`);
    expect(texto).toContain(`Generado por: ${user.name}`);
    expect(texto).toContain('Variables de producción');
    expect(texto).toContain('Producción (CU)');
    expect(paginas).toBeGreaterThanOrEqual(1);
    expect(texto).toContain(`Página 1 de ${paginas}`);
    // Done: the button is back to "Reporte".
    await expect
      .poll(() => page.getByRole('button', { name: 'Reporte', exact: true }).isEnabled())
      .toBe(true);
  });

  it('/mantenimiento: a double click makes one report of the month shown', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page, user.username, user.password);
    await page.goto('/mantenimiento');
    await expect.poll(() => headerTitle(page)).toBe('Energía');
    const { texto, paginas } = await descargarReporte(page, 'informe-mantenimiento', true);
    const desde = `${hoy.slice(0, 8)}01`;
    expect(texto).toContain('Energía');
    expect(texto).toContain(
      `Periodo: ${formatMesAnioLargo(desde)} (${formatFecha(desde)} al ${formatFecha(hoy)}) · energía por hora del ${formatFecha(hoy)}`,
    );
    for (const titulo of [
      'Mantenimiento por línea',
      'MTTR por línea (min)',
      'Energía por hora (kWh)',
      'Pareto de paros',
    ]) {
      expect(texto).toContain(titulo);
    }
    for (let i = 1; i <= paginas; i++) expect(texto).toContain(`Página ${i} de ${paginas}`);
    const { exportaciones } = await api<{ exportaciones: { informe: string; formato: string }[] }>(
      '{ exportaciones { informe formato } }',
      {},
      token,
    );
    expect(exportaciones.filter((e) => e.informe === 'Energía' && e.formato === 'PDF')).toHaveLength(1);
  });
});
