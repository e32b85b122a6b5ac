import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { violacionesGraves } from './axe.ts';
import { api, apiLogin, createTestUser, type TestUser } from './api.ts';
import { hasHorizontalScroll, iniciarSesion, useBrowser } from './browser.ts';

// The time clock import from the HR screen (issue 15): an HR user uploads a file in the dialog of
// /recursos-humanos, sees the preview, imports, and the data are there through the API; a file with
// bad rows shows its errors and imports nothing; the same file again changes nothing. Dates of
// February 2009 and codes IMPxxx: no other suite writes them.

const FECHA = '2009-02-16';
const FECHA_DMY = '16/02/2009';
const ENCABEZADO =
  'Código;Nombre;Área;Fecha;Entrada;Salida;Código de ausencia;Horas extra;Tipo de horas extra;Motivo';
const AREA = 'Envasado IMP';

const BUENO = [
  ENCABEZADO,
  `IMP001;Rosa Ticona IMP;${AREA};${FECHA_DMY};07:00;17:30;;2,5;DOBLE;Cambio de formato`,
  `IMP002;Julio Mamani IMP;${AREA};${FECHA_DMY};;;F;;;`,
  `IMP003;Elena Cruz IMP;${AREA};${FECHA_DMY};;;V;;;`,
  `IMP004;Raúl Apaza IMP;${AREA};${FECHA_DMY};07:00;15:00;;1;TRIPLE;Urgencia`,
].join('\n');

const MALO = [
  ENCABEZADO,
  `IMP101;Bad Uno IMP;${AREA};${FECHA_DMY};07:00;15:00;;;;`,
  `IMP102;Bad Dos IMP;${AREA};31/02/2009;07:00;15:00;;;;`,
  `IMP103;Bad Tres IMP;${AREA};${FECHA_DMY};25:00;15:00;;;;`,
].join('\n');

const DETALLE = `query($d: Date!, $h: Date!, $a: String) {
  horasExtraDetalle(desde: $d, hasta: $h, area: $a) { fecha horas tipo motivo empleado { codigo nombre area } }
}`;
const DIARIA = `query($f: Date!) { asistenciaDiaria(fecha: $f) { area programados presentes faltas vacaciones } }`;

async function datosApi(token: string) {
  const { horasExtraDetalle } = await api<{
    horasExtraDetalle: {
      fecha: string;
      horas: number;
      tipo: string;
      motivo: string;
      empleado: { codigo: string };
    }[];
  }>(DETALLE, { d: FECHA, h: FECHA, a: AREA }, token);
  const { asistenciaDiaria } = await api<{
    asistenciaDiaria: { area: string; presentes: number; faltas: number; vacaciones: number }[];
  }>(DIARIA, { f: FECHA }, token);
  return {
    horas: horasExtraDetalle.map((h) => `${h.empleado.codigo} ${h.tipo} ${h.horas} ${h.motivo}`).sort(),
    area: asistenciaDiaria.find((a) => a.area === AREA) ?? null,
  };
}

async function abrirDialogo(page: Page) {
  await page.goto('/recursos-humanos');
  await page.getByTestId('importar-marcaciones').click();
  await expect.poll(() => page.getByTestId('importar-marcaciones-dialogo').isVisible()).toBe(true);
}

async function elegir(page: Page, nombre: string, contenido: string) {
  await page.getByTestId('importacion-archivo').setInputFiles({
    name: nombre,
    mimeType: 'text/csv',
    buffer: Buffer.from(contenido, 'utf8'),
  });
  await expect
    .poll(() => page.getByTestId('importacion-conteos').isVisible(), { timeout: 20_000 })
    .toBe(true);
}

describe('RRHH: importar marcaciones del reloj', () => {
  const { newPage } = useBrowser();
  let hr: TestUser;
  let token = '';

  beforeAll(async () => {
    hr = await createTestUser('imp', 'human-resources');
    token = await apiLogin(hr.username, hr.password);
  });

  it('a file with bad rows shows the row and column of each error and imports nothing', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page, hr.username, hr.password);
    await abrirDialogo(page);
    await elegir(page, 'malo.csv', MALO);
    const errores = page.getByTestId('importacion-errores');
    await expect.poll(() => errores.locator('tbody tr').count()).toBe(2);
    const texto = await errores.textContent();
    expect(texto).toContain('Fila 3, columna "Fecha": "31/02/2009" no es una fecha válida');
    expect(texto).toContain('Fila 4, columna "Entrada": "25:00" no es una hora válida');
    expect(await page.getByTestId('importacion-errores-resumen').textContent()).toContain(
      'El archivo tiene 2 errores.',
    );
    expect(await page.getByTestId('importacion-confirmar').isDisabled()).toBe(true);
    // The dialog with its errors passes axe (WCAG A/AA: no serious or critical violation).
    expect(await violacionesGraves(page, '[role="dialog"][aria-labelledby]')).toEqual([]);
    const { asistenciaDiaria } = await api<{ asistenciaDiaria: { area: string }[] }>(
      DIARIA,
      { f: FECHA },
      token,
    );
    const { horasExtraDetalle } = await api<{ horasExtraDetalle: { empleado: { codigo: string } }[] }>(
      DETALLE,
      { d: '2009-02-01', h: '2009-02-28', a: null },
      token,
    );
    expect(horasExtraDetalle.filter((h) => h.empleado.codigo.startsWith('IMP1'))).toEqual([]);
    // Nothing of the bad file, and nothing of this suite yet, on that day.
    expect(asistenciaDiaria.filter((a) => a.area === AREA)).toEqual([]);
  });

  it('previews, imports once on a double click, and the data are there; the same file again changes nothing', async () => {
    const page = await newPage(1440);
    const envios: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/rrhh/importaciones')
        envios.push(r.url());
    });
    await iniciarSesion(page, hr.username, hr.password);
    await abrirDialogo(page);
    await elegir(page, 'reloj.csv', BUENO);
    const conteos = page.getByTestId('importacion-conteos');
    await expect
      .poll(() => conteos.textContent())
      .toContain('Asistencias4 nuevas, 0 actualizadas, 0 sin cambios');
    expect(await conteos.textContent()).toContain('Horas extra2 nuevas, 0 actualizadas, 0 sin cambios');
    expect(await conteos.textContent()).toContain('Empleados nuevos4');
    expect(await page.getByTestId('importacion-muestra').locator('tbody tr').count()).toBe(4);
    expect(await page.getByTestId('importacion-errores').count()).toBe(0);
    // Nothing written by the preview.
    expect((await datosApi(token)).area).toBeNull();

    await page.getByTestId('importacion-confirmar').dblclick();
    await expect
      .poll(() => page.getByTestId('importacion-exito').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await page.getByTestId('importacion-exito').textContent()).toContain(
      'Se importó «reloj.csv» (4 filas). Asistencias: 4 nuevas, 0 actualizadas, 0 sin cambios. Horas extra: 2 nuevas, 0 actualizadas, 0 sin cambios. Empleados nuevos: 4.',
    );
    expect(envios).toHaveLength(1);

    const datos = await datosApi(token);
    expect(datos.horas).toEqual(['IMP001 DOBLE 2.5 Cambio de formato', 'IMP004 TRIPLE 1 Urgencia']);
    expect(datos.area).toMatchObject({ presentes: 2, faltas: 1, vacaciones: 1 });

    // Again, the same file: the preview and the import say nothing changes, and nothing does.
    await page.getByRole('button', { name: 'Importar otro archivo' }).click();
    await elegir(page, 'reloj.csv', BUENO);
    await expect
      .poll(() => conteos.textContent())
      .toContain('Asistencias0 nuevas, 0 actualizadas, 4 sin cambios');
    await page.getByTestId('importacion-confirmar').click();
    await expect
      .poll(() => page.getByTestId('importacion-exito').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await page.getByTestId('importacion-exito').textContent()).toContain(
      'Asistencias: 0 nuevas, 0 actualizadas, 4 sin cambios. Horas extra: 0 nuevas, 0 actualizadas, 2 sin cambios',
    );
    expect(await datosApi(token)).toEqual(datos);
  });

  it('downloads the template, which lists the columns and explains them', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page, hr.username, hr.password);
    await abrirDialogo(page);
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar plantilla Excel (.xlsx)' }).click(),
    ]);
    expect(descarga.suggestedFilename()).toBe('plantilla-marcaciones.xlsx');
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.readFile(await descarga.path());
    expect(libro.worksheets.map((w) => w.name)).toEqual(['Marcaciones', 'Instrucciones']);
    expect(libro.getWorksheet('Marcaciones')!.getRow(1).values).toEqual([
      undefined,
      ...ENCABEZADO.split(';'),
    ]);
  });

  it('at 360 px the dialog fills the screen and the page does not scroll sideways', async () => {
    const page = await newPage(360);
    await iniciarSesion(page, hr.username, hr.password);
    await abrirDialogo(page);
    await elegir(page, 'malo.csv', MALO);
    const caja = await page.getByRole('dialog', { name: 'Importar marcaciones del reloj' }).boundingBox();
    expect(caja?.width).toBe(360);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await elegir(page, 'reloj.csv', BUENO);
    await expect.poll(() => page.getByTestId('importacion-muestra').locator('tbody tr').count()).toBe(4);
  });
});
