import { Readable } from 'node:stream';
import { setImmediate as cederTurno } from 'node:timers/promises';
import { parse as csvParse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { comprobarXlsx, filasExcesivas, MAXIMO_FILAS_LEIDAS, XlsxRechazadoError } from './xlsx-limites.ts';

/** A cell as read from the file: text from a CSV; text, number, date or boolean from a workbook. */
export type Celda = string | number | Date | boolean | null;

export interface FilaCruda {
  /** Row number as the user sees it in Excel or a text editor (1 = first line). */
  numero: number;
  celdas: Celda[];
}

/** Files larger than this are refused (413). */
export const MAXIMO_BYTES = 10 * 1024 * 1024;
/** Data rows (without the header) a file may have. */
export const MAXIMO_FILAS = 50_000;

/** A problem with the file as a whole (not with one row): 400 with this Spanish message. */
export class ArchivoInvalidoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchivoInvalidoError';
  }
}

/** Rows handled between two yields to the event loop. */
const LOTE = 500;
const CHUNK_CSV = 16 * 1024;

export type Formato = 'csv' | 'xlsx';

/** The file's format from its first bytes (a zip is a workbook) and, failing that, its name. */
export function detectarFormato(nombre: string, contenido: Buffer): Formato {
  if (contenido.length >= 4 && contenido.readUInt32BE(0) === 0x504b0304) return 'xlsx';
  if (contenido.length >= 4 && contenido.readUInt32BE(0) === 0xd0cf11e0)
    throw new ArchivoInvalidoError(
      'El formato .xls (Excel 97-2003) no se admite: guárdelo como .xlsx o como CSV e inténtelo de nuevo.',
    );
  if (/\.xlsx$/i.test(nombre))
    throw new ArchivoInvalidoError('El archivo .xlsx está dañado o no es un libro de Excel.');
  return 'csv';
}

/** Raw rows of the file's first sheet (xlsx) or of the CSV, yielding to the event loop as it goes. */
export async function leerFilas(nombre: string, contenido: Buffer): Promise<FilaCruda[]> {
  if (contenido.length === 0) throw new ArchivoInvalidoError('El archivo está vacío.');
  return detectarFormato(nombre, contenido) === 'xlsx' ? leerXlsx(contenido) : leerCsv(contenido);
}

/** UTF-8 (with or without BOM); Windows-1252 when it is not valid UTF-8 (Excel's "CSV" on Windows). */
export function decodificarTexto(contenido: Buffer): string {
  let texto: string;
  try {
    texto = new TextDecoder('utf-8', { fatal: true }).decode(contenido);
  } catch {
    texto = new TextDecoder('windows-1252').decode(contenido);
  }
  return texto.charCodeAt(0) === 0xfeff ? texto.slice(1) : texto;
}

/** The delimiter of the first line: ';' (Excel in Spanish), tab or ','. */
export function detectarDelimitador(texto: string): string {
  const fin = texto.search(/\r?\n/);
  const linea = fin === -1 ? texto : texto.slice(0, fin);
  const cuenta = (c: string) => linea.split(c).length - 1;
  const candidatos = [';', '\t', ','].map((c) => [c, cuenta(c)] as const);
  const [mejor] = candidatos.sort((a, b) => b[1] - a[1]);
  return mejor && mejor[1] > 0 ? mejor[0] : ',';
}

export async function leerCsv(contenido: Buffer): Promise<FilaCruda[]> {
  const texto = decodificarTexto(contenido);
  const filas: FilaCruda[] = [];
  const parser = csvParse({
    delimiter: detectarDelimitador(texto),
    relax_column_count: true,
    relax_quotes: true,
    // Empty lines stay (as one empty cell) so a record's index is its line number; `info` would
    // give it too, at three times the cost. (A quoted field spanning lines shifts the numbering.)
    skip_empty_lines: false,
    trim: true,
  });
  let fallo = null as Error | null;
  let linea = 0;
  parser.on('readable', () => {
    let registro: string[] | null;
    while ((registro = parser.read() as string[] | null) !== null) {
      linea++;
      if (registro.length === 1 && registro[0] === '') continue;
      filas.push({ numero: linea, celdas: registro });
      if (filas.length > MAXIMO_FILAS + 1) {
        fallo = new ArchivoInvalidoError(demasiadasFilas());
        parser.destroy();
        return;
      }
    }
  });
  parser.on('error', (error) => {
    fallo ??= error;
  });
  const terminado = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('close', resolve);
  });
  for (let i = 0; i < texto.length && !fallo; i += CHUNK_CSV) {
    parser.write(texto.slice(i, i + CHUNK_CSV));
    await cederTurno();
  }
  if (!fallo) parser.end();
  await terminado;
  if (fallo) {
    if (fallo instanceof ArchivoInvalidoError) throw fallo;
    throw new ArchivoInvalidoError(`No se pudo leer el CSV: ${(fallo as Error).message}`);
  }
  return filas;
}

const demasiadasFilas = () =>
  `El archivo tiene más de ${MAXIMO_FILAS.toLocaleString('es')} filas de datos: divídalo en varios archivos.`;

/** A workbook cell's value as text, number, date or boolean (formulas give their result). */
export function valorCelda(valor: unknown): Celda {
  if (valor === null || valor === undefined) return null;
  if (typeof valor === 'string' || typeof valor === 'number' || typeof valor === 'boolean') return valor;
  if (valor instanceof Date) return valor;
  if (typeof valor === 'object') {
    const v = valor as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if ('result' in v) return valorCelda(v.result);
    if (Array.isArray(v.richText)) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return valorCelda(v.text);
    if ('error' in v) return String(v.error);
  }
  return String(valor as string);
}

export async function leerXlsx(contenido: Buffer): Promise<FilaCruda[]> {
  const filas: FilaCruda[] = [];
  try {
    // What it unpacks to, its rows (empty ones too) and its texts, before exceljs reads any of it.
    await comprobarXlsx(contenido);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([contenido]), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const hoja of reader) {
      let desdeCesion = 0;
      let leidas = 0;
      for await (const row of hoja) {
        if (++leidas > MAXIMO_FILAS_LEIDAS) throw new ArchivoInvalidoError(filasExcesivas());
        const valores = row.values as unknown[];
        const celdas: Celda[] = [];
        for (let c = 1; c < valores.length; c++) celdas.push(valorCelda(valores[c]));
        if (celdas.some((x) => x !== null && x !== '')) {
          filas.push({ numero: row.number, celdas });
          if (filas.length > MAXIMO_FILAS + 1) throw new ArchivoInvalidoError(demasiadasFilas());
        }
        if (++desdeCesion >= LOTE) {
          desdeCesion = 0;
          await cederTurno();
        }
      }
      break; // only the first sheet
    }
  } catch (error) {
    if (error instanceof ArchivoInvalidoError) throw error;
    if (error instanceof XlsxRechazadoError) throw new ArchivoInvalidoError(error.message);
    throw new ArchivoInvalidoError(
      'No se pudo leer el libro de Excel: el archivo está dañado o no es un .xlsx.',
    );
  }
  return filas;
}

export { LOTE };
