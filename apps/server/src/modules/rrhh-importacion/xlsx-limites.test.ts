import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { hoja, libro, zip } from '../../../test/xlsx-hostil.ts';
import { comprobarXlsx, escanearXml, MAXIMO_BYTES_TEXTO, MAXIMO_ENTRADAS } from './xlsx-limites.ts';

// The limits on what an uploaded .xlsx may unpack to (issue 31, item 7).
describe('comprobarXlsx', () => {
  it('accepts a workbook exceljs writes, and a minimal one', async () => {
    const libroExcel = new ExcelJS.Workbook();
    libroExcel.addWorksheet('Marcaciones').addRows([
      ['Código', 'Fecha'],
      ['A1', new Date()],
    ]);
    await expect(comprobarXlsx(Buffer.from(await libroExcel.xlsx.writeBuffer()))).resolves.toBeUndefined();
    await expect(
      comprobarXlsx(await zip(libro(hoja([['A1', 'Ana', 'P', '03/11/2026']])))),
    ).resolves.toBeUndefined();
  });

  it('counts rows with or without a namespace prefix, the empty ones included', async () => {
    const filas = (n: number, prefijo = '') =>
      Buffer.from(
        `<${prefijo}sheetData>${`<${prefijo}row r="1"></${prefijo}row>`.repeat(n)}</${prefijo}sheetData>`,
      );
    await expect(escanearXml(filas(60_000), true)).resolves.toBeUndefined();
    await expect(escanearXml(filas(60_001), true)).rejects.toThrow(
      /más de 60\.000 filas contando las vacías/,
    );
    await expect(escanearXml(filas(60_001, 'x:'), true)).rejects.toThrow(/60\.000 filas/);
    await expect(escanearXml(Buffer.from('<row/>'.repeat(60_001)), true)).rejects.toThrow(/60\.000 filas/);
    // Not a worksheet: rows are not counted there.
    await expect(escanearXml(filas(60_001), false)).resolves.toBeUndefined();
  });

  it('refuses a text or a tag longer than the limit', async () => {
    const texto = (n: number) => Buffer.from(`<si><t>${'a'.repeat(n)}</t></si>`);
    await expect(escanearXml(texto(MAXIMO_BYTES_TEXTO - 1), false)).resolves.toBeUndefined();
    await expect(escanearXml(texto(MAXIMO_BYTES_TEXTO + 1), false)).rejects.toThrow(/más de 256 KB/);
    const atributo = Buffer.from(`<c r="${'1'.repeat(MAXIMO_BYTES_TEXTO + 10)}"/>`);
    await expect(escanearXml(atributo, false)).rejects.toThrow(/más de 256 KB/);
  });

  it('refuses too many entries, a lying size and an entry left out of the directory', async () => {
    const muchas = await zip(
      Array.from({ length: MAXIMO_ENTRADAS + 1 }, (_, i) => ({ nombre: `x${i}.txt`, partes: ['x'] })),
    );
    await expect(comprobarXlsx(muchas)).rejects.toThrow(/más de 1000 archivos internos/);
    const miente = await zip([
      { nombre: 'xl/sharedStrings.xml', partes: ['a'.repeat(10_000)], tamanoDeclarado: 100 },
    ]);
    await expect(comprobarXlsx(miente)).rejects.toThrow(
      'El archivo .xlsx está dañado o no es un libro de Excel.',
    );
    const oculta = await zip([{ nombre: 'a.xml', partes: ['<a/>'] }], {
      ocultas: [{ nombre: 'xl/worksheets/sheet1.xml', partes: ['<row/>'] }],
    });
    await expect(comprobarXlsx(oculta)).rejects.toThrow('dañado');
    await expect(comprobarXlsx(Buffer.from('PK\u0003\u0004 no es un zip'))).rejects.toThrow('dañado');
  });
});
