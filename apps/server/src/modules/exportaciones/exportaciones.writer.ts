import { escaparTexto } from '@planta/domain';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import ExcelJS from 'exceljs';

/** A column of an exported table (contract: docs of exportaciones.service.ts). */
export interface ColumnaExport {
  clave: string;
  titulo: string;
  unidad?: string | null;
  tipo: 'fecha_hora' | 'fecha' | 'numero' | 'texto';
  decimales?: number;
  resumen?: 'suma' | 'promedio' | 'max' | 'min' | null;
  /** Text written where the row has no value (e.g. 'En curso' for the end of a stop still open). */
  vacio?: string;
}

/** One table = one sheet of the .xlsx (one block of the .csv). */
export interface HojaExport {
  nombre: string;
  columnas: ColumnaExport[];
  filas: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>;
  /** Rows expected (for the progress bar); an estimate is fine. */
  totalFilas?: number;
}

/** What the title block says. */
export interface Encabezado {
  planta: string;
  informe: string;
  desde: Date | null;
  hasta: Date | null;
  intervalo: string | null;
  generadoPor: string;
  generadoEn: Date;
  zonaHoraria: string;
}

export interface ContextoEscritura {
  progreso(filas: number): void;
  signal: AbortSignal;
}

/** Rows between two progress reports. */
export const FILAS_POR_TRAMO = 500;
/**
 * The writers give the event loop back after this long of synchronous work (time-sliced rather
 * than every N rows: a row of 10 numbers and a row of 100 cost differently), so /healthz and the
 * other requests keep answering during a big export.
 */
export const TRAMO_MS = 8;

const RESUMENES = [
  ['suma', 'Total'],
  ['promedio', 'Promedio'],
  ['max', 'Máximo'],
  ['min', 'Mínimo'],
] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offset (ms) of the time zone at that instant: wall-clock time read as UTC minus the instant. */
export function desfaseZona(instante: number, zona: string): number {
  let f = formatters.get(zona);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zona,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zona, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(instante))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(instante / 1000) * 1000;
}

/** Converts instants to "wall-clock in the plant read as UTC", which is what an Excel date is. */
export function relojPlanta(zona: string): (instante: Date) => Date {
  // Offsets change at most every 15 minutes: cache per quarter hour.
  const cache = new Map<number, number>();
  return (instante) => {
    const t = instante.getTime();
    const key = Math.floor(t / 900_000);
    let offset = cache.get(key);
    if (offset === undefined) {
      offset = desfaseZona(t, zona);
      if (cache.size > 10_000) cache.clear();
      cache.set(key, offset);
    }
    return new Date(t + offset);
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'dd/mm/yyyy hh:mm' of a wall-clock Date (UTC fields). */
export function textoFechaHora(d: Date): string {
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function comoFecha(valor: unknown): Date | null {
  if (valor instanceof Date) return Number.isNaN(valor.getTime()) ? null : valor;
  if (typeof valor === 'string' || typeof valor === 'number') {
    const d = new Date(
      typeof valor === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(valor) ? `${valor}T00:00:00Z` : valor,
    );
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

function comoNumero(valor: unknown): number | null {
  if (valor === null || valor === undefined || valor === '') return null;
  const n = typeof valor === 'number' ? valor : Number(valor);
  return Number.isFinite(n) ? n : null;
}

export function formatoNumero(decimales = 2): string {
  const d = Math.max(0, Math.min(10, Math.trunc(decimales)));
  return d === 0 ? '#,##0' : `#,##0.${'0'.repeat(d)}`;
}

const FORMATO_FECHA_HORA = 'dd/mm/yyyy hh:mm';
const FORMATO_FECHA = 'dd/mm/yyyy';

export function tituloColumna(c: ColumnaExport): string {
  // Variable names often carry their unit already: 'Flujo aire AP soplado (Nm³/h)_561'.
  return c.unidad && !c.titulo.includes(`(${c.unidad})`) ? `${c.titulo} (${c.unidad})` : c.titulo;
}

/** Converts one cell value for a column: Date (plant wall-clock), number, escaped text or null. */
function celda(c: ColumnaExport, valor: unknown, reloj: (d: Date) => Date): Date | number | string | null {
  if (c.vacio !== undefined && (valor === null || valor === undefined)) return escaparTexto(c.vacio);
  switch (c.tipo) {
    case 'fecha_hora': {
      const d = comoFecha(valor);
      return d ? reloj(d) : null;
    }
    case 'fecha': {
      // A calendar date: already a plant day, no zone shift.
      return comoFecha(valor);
    }
    case 'numero':
      return comoNumero(valor);
    default:
      return valor === null || valor === undefined ? null : escaparTexto(String(valor));
  }
}

class Resumen {
  suma = 0;
  n = 0;
  max = -Infinity;
  min = Infinity;
  add(v: number) {
    this.suma += v;
    this.n += 1;
    if (v > this.max) this.max = v;
    if (v < this.min) this.min = v;
  }
  valor(tipo: 'suma' | 'promedio' | 'max' | 'min'): number | null {
    if (this.n === 0) return null;
    if (tipo === 'suma') return this.suma;
    if (tipo === 'promedio') return this.suma / this.n;
    return tipo === 'max' ? this.max : this.min;
  }
}

/** Rows of a sheet, in slices: yields to the event loop between slices and stops on abort. */
async function* tramos(hoja: HojaExport, signal: AbortSignal): AsyncGenerator<Record<string, unknown>> {
  let desde = performance.now();
  for await (const fila of hoja.filas as AsyncIterable<Record<string, unknown>>) {
    yield fila;
    if (performance.now() - desde >= TRAMO_MS) {
      await yieldToLoop();
      signal.throwIfAborted();
      desde = performance.now();
    }
  }
}

async function drenar(salida: NodeJS.WritableStream): Promise<void> {
  const s = salida as NodeJS.WritableStream & { writableNeedDrain?: boolean };
  if (s.writableNeedDrain) await once(s, 'drain');
}

/** A sheet name Excel accepts: ≤ 31 characters, none of []:*?/\, unique in the book. */
function nombreHoja(nombre: string, usados: Set<string>): string {
  const base = (
    escaparTexto(nombre)
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim() || 'Hoja'
  ).slice(0, 28);
  let candidato = base;
  for (let i = 2; usados.has(candidato.toLowerCase()); i++) candidato = `${base} ${i}`;
  usados.add(candidato.toLowerCase());
  return candidato;
}

/**
 * Streams an .xlsx: per table a sheet with the title block, a frozen header row with units, the
 * rows (real dates in plant time, number formats with the column's decimals) and the summary rows.
 * Returns the number of data rows written.
 */
export async function escribirXlsx(
  salida: NodeJS.WritableStream,
  hojas: HojaExport[],
  enc: Encabezado,
  ctx: ContextoEscritura,
): Promise<number> {
  const reloj = relojPlanta(enc.zonaHoraria);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: salida as never,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Planta';
  book.created = enc.generadoEn;
  const usados = new Set<string>();
  let total = 0;
  const bold = { bold: true };
  for (const hoja of hojas) {
    const cabecera = 7;
    const sheet = book.addWorksheet(nombreHoja(hoja.nombre, usados), {
      views: [
        {
          state: 'frozen',
          xSplit: 1,
          ySplit: cabecera,
          topLeftCell: `B${cabecera + 1}`,
          activeCell: `B${cabecera + 1}`,
        },
      ],
    });
    sheet.columns = hoja.columnas.map((c, i) => ({
      key: c.clave,
      width:
        i === 0 && c.tipo === 'fecha_hora' ? 18 : Math.max(12, Math.min(40, tituloColumna(c).length + 2)),
    }));
    // Title block (rows 1-6) and the header row (7).
    const t1 = sheet.getRow(1);
    t1.getCell(1).value = escaparTexto(enc.informe);
    t1.getCell(1).font = { bold: true, size: 14 };
    t1.commit();
    const par = (fila: number, pares: [string, Date | string | null, string?][]) => {
      const row = sheet.getRow(fila);
      pares.forEach(([etiqueta, valor, formato], i) => {
        const label = row.getCell(1 + i * 3);
        label.value = etiqueta;
        label.font = bold;
        const cell = row.getCell(2 + i * 3);
        cell.value = typeof valor === 'string' ? escaparTexto(valor) : valor;
        if (formato) cell.numFmt = formato;
        cell.alignment = { horizontal: 'left' };
      });
      row.commit();
    };
    par(2, [
      ['Planta', enc.planta],
      ['Generado por', enc.generadoPor],
    ]);
    par(3, [
      ['Desde', enc.desde ? reloj(enc.desde) : null, FORMATO_FECHA_HORA],
      ['Generado el', reloj(enc.generadoEn), FORMATO_FECHA_HORA],
    ]);
    par(4, [
      ['Hasta', enc.hasta ? reloj(enc.hasta) : null, FORMATO_FECHA_HORA],
      ['Intervalo', enc.intervalo ?? '—'],
    ]);
    par(5, [['Zona horaria', `${enc.zonaHoraria} (fechas en hora de planta)`]]);
    sheet.getRow(6).commit();
    const header = sheet.getRow(cabecera);
    hoja.columnas.forEach((c, i) => {
      const cell = header.getCell(i + 1);
      cell.value = escaparTexto(tituloColumna(c));
      cell.font = bold;
      cell.alignment = { horizontal: c.tipo === 'numero' ? 'right' : 'left', wrapText: true };
      cell.border = { bottom: { style: 'thin' } };
    });
    header.commit();

    const formatos = hoja.columnas.map((c) =>
      c.tipo === 'fecha_hora'
        ? FORMATO_FECHA_HORA
        : c.tipo === 'fecha'
          ? FORMATO_FECHA
          : c.tipo === 'numero'
            ? formatoNumero(c.decimales)
            : undefined,
    );
    const resumenes = hoja.columnas.map(() => new Resumen());
    let n = 0;
    for await (const fila of tramos(hoja, ctx.signal)) {
      const row = sheet.getRow(cabecera + 1 + n);
      hoja.columnas.forEach((c, i) => {
        const v = celda(c, fila[c.clave], reloj);
        if (v === null) return;
        const cell = row.getCell(i + 1);
        cell.value = v;
        const f = formatos[i];
        if (f) cell.numFmt = f;
        if (typeof v === 'number') resumenes[i]!.add(v);
      });
      row.commit();
      n++;
      if (n % FILAS_POR_TRAMO === 0) {
        ctx.progreso(total + n);
        await drenar(salida);
      }
    }
    total += n;
    ctx.progreso(total);
    // Summary rows: one per kind of summary the columns ask for.
    let r = cabecera + 1 + n;
    for (const [tipo, etiqueta] of RESUMENES) {
      if (!hoja.columnas.some((c) => c.resumen === tipo && c.tipo === 'numero')) continue;
      const row = sheet.getRow(r++);
      const label = row.getCell(1);
      label.value = etiqueta;
      label.font = bold;
      hoja.columnas.forEach((c, i) => {
        if (i === 0 || c.resumen !== tipo || c.tipo !== 'numero') return;
        const v = resumenes[i]!.valor(tipo);
        if (v === null) return;
        const cell = row.getCell(i + 1);
        cell.value = v;
        cell.numFmt = formatos[i]!;
        cell.font = bold;
        cell.border = { top: { style: 'thin' } };
      });
      row.commit();
    }
    sheet.commit();
  }
  await book.commit();
  return total;
}

/**
 * Writes a tiny .xlsx to nowhere: exceljs loads its modules (archiver, zip, XML writers) lazily on
 * first use, which would hold the event loop for ~100-200 ms inside the first real export. Done
 * once at start instead.
 */
export async function precalentarXlsx(): Promise<void> {
  const nowhere = new Writable({ write: (_chunk, _enc, done) => done() });
  const enc: Encabezado = {
    planta: 'Planta',
    informe: 'Prueba',
    desde: new Date(0),
    hasta: new Date(3600_000),
    intervalo: '1 hora',
    generadoPor: 'Planta',
    generadoEn: new Date(0),
    zonaHoraria: 'UTC',
  };
  const hoja: HojaExport = {
    nombre: 'Prueba',
    columnas: [
      { clave: 'f', titulo: 'Fecha', tipo: 'fecha_hora' },
      { clave: 'v', titulo: 'Valor', tipo: 'numero', decimales: 2, resumen: 'suma' },
    ],
    filas: [{ f: new Date(0), v: 1 }],
  };
  const done = new Promise<void>((resolve, reject) => nowhere.once('finish', resolve).once('error', reject));
  await escribirXlsx(nowhere, [hoja], enc, { progreso: () => {}, signal: new AbortController().signal });
  nowhere.end();
  await done;
}

/**
 * CSV: UTF-8 with BOM, comma-separated with a decimal point, CRLF lines (RFC 4180). Comma + point
 * is the only combination Excel never misreads in the plant's locales: es-PE/es-MX Excel (list
 * separator ",", decimal ".") opens it in columns; es-ES Excel (";" and ",") shows the lines in
 * one column rather than silently turning 12.5 into 125 — that user has the .xlsx. Dates are
 * 'yyyy-mm-dd hh:mm' in plant time, which every Excel parses as a date.
 */
export async function escribirCsv(
  salida: NodeJS.WritableStream,
  hojas: HojaExport[],
  enc: Encabezado,
  ctx: ContextoEscritura,
): Promise<number> {
  const reloj = relojPlanta(enc.zonaHoraria);
  const iso = (d: Date, hora: boolean) => {
    const s = d.toISOString();
    return hora ? `${s.slice(0, 10)} ${s.slice(11, 16)}` : s.slice(0, 10);
  };
  const campo = (texto: string) => (/[",\r\n;]/.test(texto) ? `"${texto.replaceAll('"', '""')}"` : texto);
  const valor = (c: ColumnaExport, v: unknown): string => {
    const x = celda(c, v, reloj);
    if (x === null) return '';
    if (x instanceof Date) return iso(x, c.tipo === 'fecha_hora');
    if (typeof x === 'number')
      return c.decimales !== undefined
        ? String(Number(x.toFixed(Math.min(10, Math.max(0, c.decimales)))))
        : String(x);
    return campo(x);
  };
  let buffer = '\uFEFF';
  const flush = async () => {
    if (buffer.length === 0) return;
    if (!salida.write(buffer)) await once(salida as never, 'drain');
    buffer = '';
  };
  let total = 0;
  for (const [h, hoja] of hojas.entries()) {
    if (hojas.length > 1) buffer += `${h > 0 ? '\r\n' : ''}${campo(escaparTexto(hoja.nombre))}\r\n`;
    buffer += `${hoja.columnas.map((c) => campo(escaparTexto(tituloColumna(c)))).join(',')}\r\n`;
    let n = 0;
    for await (const fila of tramos(hoja, ctx.signal)) {
      buffer += `${hoja.columnas.map((c) => valor(c, fila[c.clave])).join(',')}\r\n`;
      n++;
      if (n % FILAS_POR_TRAMO === 0) {
        await flush();
        ctx.progreso(total + n);
      }
    }
    total += n;
    ctx.progreso(total);
  }
  await flush();
  return total;
}
