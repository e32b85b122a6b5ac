import { setImmediate as cederTurno } from 'node:timers/promises';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

// What an uploaded .xlsx may unpack to, checked before exceljs reads it (issue 31, item 7): a 126 KB
// workbook of 700,000 empty rows cost 6 s of CPU, and one with a single 150 MB shared string took
// 175 MB and held the event loop 723 ms. The zip's central directory gives every entry's sizes; each
// entry is then inflated (off the main thread, never past its declared size) and scanned in slices:
// rows counted including the empty ones, no text or tag longer than MAXIMO_BYTES_TEXTO.

/** Everything a workbook may unpack to (a 50,000-row, 10-column export is about 24 MB). */
export const MAXIMO_DESCOMPRIMIDO = 64 * 1024 * 1024;
/** Entries (files and folders) in the zip. */
export const MAXIMO_ENTRADAS = 1000;
/** Rows a sheet may have, the empty ones included (the data rows are at most MAXIMO_FILAS). */
export const MAXIMO_FILAS_LEIDAS = 60_000;
/** Bytes of one text or one tag in the workbook's XML (Excel's own cell limit is 32,767 characters). */
export const MAXIMO_BYTES_TEXTO = 256 * 1024;

const inflar = promisify(inflateRaw);
const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const miles = (n: number) => n.toLocaleString('es');

/** A workbook over a limit or not a sound zip: the reader turns it into a 400. */
export class XlsxRechazadoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxRechazadoError';
  }
}

const DANADO = 'El archivo .xlsx está dañado o no es un libro de Excel.';

interface Entrada {
  nombre: string;
  metodo: number;
  flags: number;
  comprimido: number;
  descomprimido: number;
  desplazamiento: number;
}

/** The central directory's entries, checked: sizes within the limits, stored or deflated, unencrypted. */
export function leerDirectorio(zip: Buffer): Entrada[] {
  const desde = Math.max(0, zip.length - 22 - 0xffff);
  let fin = -1;
  for (let i = zip.length - 22; i >= desde; i--)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      fin = i;
      break;
    }
  if (fin === -1) throw new XlsxRechazadoError(DANADO);
  const total = zip.readUInt16LE(fin + 10);
  const tamano = zip.readUInt32LE(fin + 12);
  const inicio = zip.readUInt32LE(fin + 16);
  if (zip.readUInt16LE(fin + 4) !== 0 || zip.readUInt16LE(fin + 6) !== 0 || total === 0xffff)
    throw new XlsxRechazadoError(DANADO);
  if (total > MAXIMO_ENTRADAS)
    throw new XlsxRechazadoError(
      `El libro de Excel tiene más de ${miles(MAXIMO_ENTRADAS)} archivos internos: no parece una exportación del reloj.`,
    );
  if (inicio + tamano > fin) throw new XlsxRechazadoError(DANADO);
  const entradas: Entrada[] = [];
  let suma = 0;
  let p = inicio;
  for (let n = 0; n < total; n++) {
    if (p + 46 > fin || zip.readUInt32LE(p) !== 0x02014b50) throw new XlsxRechazadoError(DANADO);
    const largoNombre = zip.readUInt16LE(p + 28);
    const entrada: Entrada = {
      flags: zip.readUInt16LE(p + 8),
      metodo: zip.readUInt16LE(p + 10),
      comprimido: zip.readUInt32LE(p + 20),
      descomprimido: zip.readUInt32LE(p + 24),
      desplazamiento: zip.readUInt32LE(p + 42),
      nombre: zip.toString('utf8', p + 46, p + 46 + largoNombre),
    };
    p += 46 + largoNombre + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
    if ((entrada.metodo !== 0 && entrada.metodo !== 8) || entrada.flags & 1)
      throw new XlsxRechazadoError(
        'El archivo .xlsx usa una compresión o un cifrado que no se admite: ábralo en Excel y guárdelo de nuevo como .xlsx.',
      );
    if (entrada.comprimido === 0xffffffff || entrada.descomprimido === 0xffffffff)
      throw new XlsxRechazadoError(descomprimidoExcesivo());
    suma += entrada.descomprimido;
    if (suma > MAXIMO_DESCOMPRIMIDO) throw new XlsxRechazadoError(descomprimidoExcesivo());
    entradas.push(entrada);
  }
  comprobarContiguas(zip, entradas, inicio);
  return entradas;
}

const descomprimidoExcesivo = () =>
  `El libro de Excel ocupa más de ${MB(MAXIMO_DESCOMPRIMIDO)} descomprimido: divídalo en varios archivos o expórtelo como CSV.`;

/**
 * exceljs reads the zip front to back by its local headers, not by the central directory: every
 * byte before the directory must belong to an entry the directory lists, in order, so what was
 * checked here is exactly what exceljs reads (no hidden entries, no overlapping ones).
 */
function comprobarContiguas(zip: Buffer, entradas: Entrada[], inicioDirectorio: number): void {
  const ordenadas = [...entradas].sort((a, b) => a.desplazamiento - b.desplazamiento);
  let p = 0;
  for (const e of ordenadas) {
    if (e.desplazamiento !== p || p + 30 > inicioDirectorio || zip.readUInt32LE(p) !== 0x04034b50)
      throw new XlsxRechazadoError(DANADO);
    const largoNombre = zip.readUInt16LE(p + 26);
    const nombre = zip.toString('utf8', p + 30, p + 30 + largoNombre);
    if (
      nombre !== e.nombre ||
      zip.readUInt16LE(p + 8) !== e.metodo ||
      (zip.readUInt16LE(p + 6) & 9) !== (e.flags & 9) ||
      (!(e.flags & 8) &&
        (zip.readUInt32LE(p + 18) !== e.comprimido || zip.readUInt32LE(p + 22) !== e.descomprimido))
    )
      throw new XlsxRechazadoError(DANADO);
    p += 30 + largoNombre + zip.readUInt16LE(p + 28) + e.comprimido;
    if (e.flags & 8) p += p + 4 <= zip.length && zip.readUInt32LE(p) === 0x08074b50 ? 16 : 12;
  }
  if (p !== inicioDirectorio) throw new XlsxRechazadoError(DANADO);
}

async function descomprimir(zip: Buffer, e: Entrada): Promise<Buffer> {
  const inicio =
    e.desplazamiento + 30 + zip.readUInt16LE(e.desplazamiento + 26) + zip.readUInt16LE(e.desplazamiento + 28);
  const datos = zip.subarray(inicio, inicio + e.comprimido);
  let salida: Buffer;
  if (e.metodo === 0) salida = datos;
  else {
    try {
      // Never more than the directory declared: a lying size stops here, not in exceljs.
      salida = await inflar(datos, { maxOutputLength: Math.max(1, e.descomprimido) });
    } catch {
      throw new XlsxRechazadoError(DANADO);
    }
  }
  if (salida.length !== e.descomprimido) throw new XlsxRechazadoError(DANADO);
  return salida;
}

const LT = 0x3c;
const GT = 0x3e;
const REBANADA = 1024 * 1024;

/** Whether the tag opening at `i` (a '<') is a row: `<row` or `<x:row`, then a space, '/' or '>'. */
function esFila(xml: Buffer, i: number): boolean {
  let j = i + 1;
  const limite = Math.min(xml.length, j + 24);
  for (let k = j; k < limite; k++) {
    const b = xml[k]!;
    if (b === 0x3a) {
      j = k + 1;
      break;
    }
    if (b === 0x20 || b === GT || b === 0x2f || b === LT) break;
  }
  if (xml[j] !== 0x72 || xml[j + 1] !== 0x6f || xml[j + 2] !== 0x77) return false;
  const d = xml[j + 3];
  return d === 0x20 || d === 0x2f || d === GT || d === 0x09 || d === 0x0a || d === 0x0d;
}

/**
 * Scans one unpacked XML part in 1 MB slices (yielding in between): no text or tag longer than
 * MAXIMO_BYTES_TEXTO and, in a worksheet, no more than MAXIMO_FILAS_LEIDAS rows, empty ones included.
 */
export async function escanearXml(xml: Buffer, hoja: boolean): Promise<void> {
  let ultimo = -1;
  let filas = 0;
  for (let desde = 0; desde < xml.length; desde += REBANADA) {
    const hasta = Math.min(xml.length, desde + REBANADA);
    for (let i = desde; i < hasta; i++) {
      const b = xml[i];
      if (b !== LT && b !== GT) continue;
      if (i - ultimo > MAXIMO_BYTES_TEXTO) throw new XlsxRechazadoError(textoExcesivo());
      ultimo = i;
      if (hoja && b === LT && esFila(xml, i) && ++filas > MAXIMO_FILAS_LEIDAS)
        throw new XlsxRechazadoError(filasExcesivas());
    }
    if (hasta - ultimo > MAXIMO_BYTES_TEXTO) throw new XlsxRechazadoError(textoExcesivo());
    if (hasta < xml.length) await cederTurno();
  }
}

const textoExcesivo = () =>
  `El libro de Excel tiene un texto de más de ${MAXIMO_BYTES_TEXTO / 1024} KB en una celda: no parece una exportación del reloj.`;
export const filasExcesivas = () =>
  `La hoja tiene más de ${miles(MAXIMO_FILAS_LEIDAS)} filas contando las vacías: borre las filas vacías del final o divídala en varios archivos.`;

/**
 * Checks an uploaded .xlsx against the limits before anything parses it: XlsxRechazadoError with a
 * Spanish message naming the limit otherwise. At most one entry is held unpacked at a time.
 */
export async function comprobarXlsx(zip: Buffer): Promise<void> {
  if (zip.length < 22) throw new XlsxRechazadoError(DANADO);
  const entradas = leerDirectorio(zip);
  for (const e of entradas) {
    const xml = await descomprimir(zip, e);
    if (/\.(xml|rels)$/i.test(e.nombre))
      await escanearXml(xml, /^xl\/worksheets\/[^/]+\.xml$/i.test(e.nombre));
  }
}
