// Hostile .xlsx files built in the tests (issue 31, item 7): small zips that unpack to a lot.
// Nothing big is committed; each file is generated, compressed as it is written.
import { createDeflateRaw, crc32 } from 'node:zlib';

export interface EntradaZip {
  nombre: string;
  /** The entry's content, in pieces (a generator keeps a 150 MB text from being held at once). */
  partes: Iterable<string | Buffer>;
  /** A lie in both headers: the uncompressed size the zip declares instead of the real one. */
  tamanoDeclarado?: number;
}

async function deflar(partes: Iterable<string | Buffer>) {
  const deflate = createDeflateRaw({ level: 9 });
  const salida: Buffer[] = [];
  deflate.on('data', (b: Buffer) => salida.push(b));
  const fin = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let tamano = 0;
  for (const parte of partes) {
    const b = typeof parte === 'string' ? Buffer.from(parte, 'utf8') : parte;
    crc = crc32(b, crc);
    tamano += b.length;
    if (!deflate.write(b)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await fin;
  return { datos: Buffer.concat(salida), crc, tamano };
}

/** A zip (deflated entries, sizes in the local headers, no data descriptors), like Excel writes. */
export async function zip(entradas: EntradaZip[], extra: { ocultas?: EntradaZip[] } = {}): Promise<Buffer> {
  const locales: Buffer[] = [];
  const centrales: Buffer[] = [];
  let desplazamiento = 0;
  const ocultas = new Set(extra.ocultas ?? []);
  for (const e of [...entradas, ...ocultas]) {
    const { datos, crc, tamano } = await deflar(e.partes);
    const nombre = Buffer.from(e.nombre, 'utf8');
    const declarado = e.tamanoDeclarado ?? tamano;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(datos.length, 18);
    local.writeUInt32LE(declarado, 22);
    local.writeUInt16LE(nombre.length, 26);
    locales.push(local, nombre, datos);
    // A hidden entry is in the file but not in the central directory.
    if (!ocultas.has(e)) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(0x0800, 8);
      central.writeUInt16LE(8, 10);
      central.writeUInt32LE(crc >>> 0, 16);
      central.writeUInt32LE(datos.length, 20);
      central.writeUInt32LE(declarado, 24);
      central.writeUInt16LE(nombre.length, 28);
      central.writeUInt32LE(desplazamiento, 42);
      centrales.push(central, nombre);
    }
    desplazamiento += 30 + nombre.length + datos.length;
  }
  const directorio = Buffer.concat(centrales);
  const fin = Buffer.alloc(22);
  fin.writeUInt32LE(0x06054b50, 0);
  const cuantas = entradas.length;
  fin.writeUInt16LE(cuantas, 8);
  fin.writeUInt16LE(cuantas, 10);
  fin.writeUInt32LE(directorio.length, 12);
  fin.writeUInt32LE(desplazamiento, 16);
  return Buffer.concat([...locales, directorio, fin]);
}

const ENCABEZADO = ['Código', 'Nombre', 'Área', 'Fecha'];
const celda = (col: string, fila: number, texto: string) =>
  `<c r="${col}${fila}" t="inlineStr"><is><t>${texto}</t></is></c>`;

/** The parts of a minimal workbook around its first sheet's XML and its shared strings. */
export function libro(
  hoja: Iterable<string | Buffer>,
  compartidas: Iterable<string | Buffer> = ['<sst/>'],
): EntradaZip[] {
  return [
    {
      nombre: '[Content_Types].xml',
      partes: [
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ],
    },
    {
      nombre: '_rels/.rels',
      partes: [
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ],
    },
    {
      nombre: 'xl/workbook.xml',
      partes: [
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Marcaciones" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ],
    },
    {
      nombre: 'xl/_rels/workbook.xml.rels',
      partes: [
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
      ],
    },
    { nombre: 'xl/sharedStrings.xml', partes: compartidas },
    { nombre: 'xl/worksheets/sheet1.xml', partes: hoja },
  ];
}

/** A sheet: the header row, the given data rows, then `vacias` empty `<row/>`s (no number, as some writers do). */
export function* hoja(datos: string[][], vacias = 0): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const filas = [ENCABEZADO, ...datos];
  for (let f = 0; f < filas.length; f++)
    yield `<row r="${f + 1}">${filas[f]!.map((t, c) => celda('ABCD'[c]!, f + 1, t)).join('')}</row>`;
  let lote = '';
  for (let i = 0; i < vacias; i++) {
    lote += '<row/>';
    if (lote.length > 64 * 1024) {
      yield lote;
      lote = '';
    }
  }
  yield `${lote}</sheetData></worksheet>`;
}

/** 700,000 empty rows after one data row: about 130 KB zipped. */
export const filasVacias = () =>
  zip(libro(hoja([['H001', 'Ana Ríos', 'Producción', '03/11/2026']], 700_000)));

/** One shared string of `mb` MB, used by a cell: about 150 KB zipped for 150 MB. */
export function* compartidaGigante(mb: number): Generator<string | Buffer> {
  yield '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>';
  const mega = Buffer.alloc(1024 * 1024, 'A');
  for (let i = 0; i < mb; i++) yield mega;
  yield '</t></si></sst>';
}

export function* hojaConCompartida(): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  yield `<row r="1">${ENCABEZADO.map((t, c) => celda('ABCD'[c]!, 1, t)).join('')}</row>`;
  yield `<row r="2">${celda('A', 2, 'H002')}<c r="B2" t="s"><v>0</v></c>${celda('C', 2, 'Producción')}${celda('D', 2, '03/11/2026')}</row>`;
  yield '</sheetData></worksheet>';
}

export const stringGigante = (mb = 150) => zip(libro(hojaConCompartida(), compartidaGigante(mb)));
