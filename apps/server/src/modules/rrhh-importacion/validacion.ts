import { setImmediate as cederTurno } from 'node:timers/promises';
import {
  CODIGOS_AUSENCIA,
  type Columna,
  columnaDeEncabezado,
  COLUMNAS,
  DEFINICION,
  type Estado,
  TIPOS_HORAS,
  type TipoHoras,
} from './columnas.ts';
import { ArchivoInvalidoError, type Celda, type FilaCruda, LOTE, MAXIMO_FILAS } from './lectura.ts';

/** One valid row of the file: an employee's day (attendance) and, maybe, its overtime. */
export interface FilaImportada {
  fila: number;
  codigo: string;
  nombre: string;
  area: string;
  /** yyyy-mm-dd */
  fecha: string;
  estado: Estado;
  /** hh:mm or null */
  entrada: string | null;
  salida: string | null;
  /** null or 0: no overtime that day. */
  horas: number | null;
  tipo: TipoHoras | null;
  motivo: string;
}

export interface ErrorFila {
  fila: number;
  columna: string;
  mensaje: string;
}

export interface Validacion {
  filas: FilaImportada[];
  errores: ErrorFila[];
  /** Data rows read (valid or not). */
  total: number;
  /** Whether the file has an overtime column (otherwise the import leaves overtime alone). */
  trae_horas: boolean;
}

const MAXIMO_TEXTO = 120;
/** Control characters (NUL included; tab and line breaks aside): never valid in a cell, and PostgreSQL refuses NUL. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The value as text: trimmed; whole numbers without decimals; dates as yyyy-mm-dd. */
export function texto(celda: Celda): string {
  if (celda === null) return '';
  if (celda instanceof Date) return celda.toISOString().slice(0, 10);
  if (typeof celda === 'number') return Number.isInteger(celda) ? String(celda) : String(celda);
  return String(celda).trim();
}

const pad = (n: number) => String(n).padStart(2, '0');

function fechaValida(y: number, m: number, d: number): string | null {
  if (y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const dias = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > dias) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** Days from 1899-12-30 (Excel's serial dates, 1900 system). */
function desdeSerialExcel(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2958466) return null;
  const ms = Math.round((Math.floor(serial) - 25569) * 86_400_000);
  const d = new Date(ms);
  return fechaValida(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** dd/mm/yyyy, d-m-yy, yyyy-mm-dd (a trailing time is ignored), an Excel date or serial → yyyy-mm-dd. */
export function leerFecha(celda: Celda): string | null {
  if (celda instanceof Date) {
    if (Number.isNaN(celda.getTime())) return null;
    return fechaValida(celda.getUTCFullYear(), celda.getUTCMonth() + 1, celda.getUTCDate());
  }
  if (typeof celda === 'number') return desdeSerialExcel(celda);
  const t = texto(celda).replace(/[T\s]+\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*(z|[ap]\.?\s*m\.?)?$/i, '');
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (m) return fechaValida(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(t);
  if (m) {
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return fechaValida(y, Number(m[2]), Number(m[1]));
  }
  if (/^\d{5}(\.\d+)?$/.test(t)) return desdeSerialExcel(Number(t));
  return null;
}

/** hh:mm, h:mm, hh:mm:ss, 7.30, "7:30 p. m.", an Excel time (fraction of a day or a date-time) → hh:mm. */
export function leerHora(celda: Celda): string | null {
  if (celda instanceof Date) {
    if (Number.isNaN(celda.getTime())) return null;
    return `${pad(celda.getUTCHours())}:${pad(celda.getUTCMinutes())}`;
  }
  if (typeof celda === 'number') {
    if (!(celda >= 0 && celda < 1)) return null;
    const minutos = Math.round(celda * 1440) % 1440;
    return `${pad(Math.floor(minutos / 60))}:${pad(minutos % 60)}`;
  }
  const t = texto(celda).toLowerCase();
  const m = /^(\d{1,2})[:.h](\d{2})(?::(\d{2}))?\s*(a\.?\s*m\.?|p\.?\s*m\.?)?$/.exec(t);
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2]);
  const sufijo = m[4]?.replace(/[\s.]/g, '');
  if (sufijo) {
    if (h < 1 || h > 12) return null;
    if (sufijo === 'am' && h === 12) h = 0;
    if (sufijo === 'pm' && h !== 12) h += 12;
  }
  if (h > 23 || min > 59 || (m[3] !== undefined && Number(m[3]) > 59)) return null;
  return `${pad(h)}:${pad(min)}`;
}

/** 2,5 · 2.5 · 1:30 (= 1,5) → hours; '' → null; NaN when unreadable. */
export function leerHoras(celda: Celda): number | null {
  if (celda === null) return null;
  if (typeof celda === 'number') return celda;
  if (celda instanceof Date) return celda.getUTCHours() + celda.getUTCMinutes() / 60;
  const t = texto(celda).replace(/\s/g, '');
  if (t === '') return null;
  let m = /^(\d+)(?:[.,](\d+))?$/.exec(t);
  if (m) return Number(`${m[1]}.${m[2] ?? '0'}`);
  m = /^(\d{1,2}):(\d{2})$/.exec(t);
  if (m && Number(m[2]) < 60) return Number(m[1]) + Number(m[2]) / 60;
  return Number.NaN;
}

/** Upper case, no accents, no dots or spaces: "Vac." → "VAC". */
export function normalizarCodigo(celda: Celda): string {
  return texto(celda)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[\s.]/g, '');
}

/** Memoises a cell reader: a file repeats the same dates, times and codes thousands of times. */
function memo<T>(leer: (c: Celda) => T): (c: Celda) => T {
  const cache = new Map<string | number | boolean | null, T>();
  return (c) => {
    const clave = c instanceof Date ? `\u0000${c.getTime()}` : c;
    let v = cache.get(clave);
    if (v === undefined && !cache.has(clave)) {
      v = leer(c);
      if (cache.size < 10_000) cache.set(clave, v);
    }
    return v as T;
  };
}

/** Finds the header (the first of the first 10 rows naming at least the code and the date). */
function encontrarEncabezado(filas: FilaCruda[]): {
  indice: number;
  columnas: Map<Columna, number>;
  titulos: Map<Columna, string>;
} {
  for (let i = 0; i < Math.min(filas.length, 10); i++) {
    const columnas = new Map<Columna, number>();
    const titulos = new Map<Columna, string>();
    filas[i]!.celdas.forEach((celda, c) => {
      const clave = columnaDeEncabezado(texto(celda));
      if (clave && !columnas.has(clave)) {
        columnas.set(clave, c);
        titulos.set(clave, texto(celda));
      }
    });
    if (columnas.has('codigo') && columnas.has('fecha')) return { indice: i, columnas, titulos };
  }
  throw new ArchivoInvalidoError(
    'No se encontró la fila de encabezados: la primera fila debe nombrar las columnas (al menos "Código" y "Fecha"). Descargue la plantilla para ver el formato.',
  );
}

/**
 * Validates the rows: every error names its row and column, in Spanish. An employee's day may
 * appear in two rows only with the same attendance and different overtime types.
 */
export async function validarFilas(filasCrudas: FilaCruda[]): Promise<Validacion> {
  if (filasCrudas.length === 0) throw new ArchivoInvalidoError('El archivo no tiene filas.');
  const { indice, columnas, titulos } = encontrarEncabezado(filasCrudas);
  const numeroEncabezado = filasCrudas[indice]!.numero;
  const errores: ErrorFila[] = [];
  const faltantes = COLUMNAS.filter((c) => c.obligatoria && !columnas.has(c.clave));
  if (faltantes.length > 0) {
    for (const c of faltantes)
      errores.push({
        fila: numeroEncabezado,
        columna: c.titulo,
        mensaje: `Fila ${numeroEncabezado}, columna "${c.titulo}": falta la columna en los encabezados.`,
      });
    return { filas: [], errores, total: filasCrudas.length - indice - 1, trae_horas: columnas.has('horas') };
  }
  if (columnas.has('horas') && !columnas.has('tipo')) {
    const t = DEFINICION.tipo.titulo;
    errores.push({
      fila: numeroEncabezado,
      columna: t,
      mensaje: `Fila ${numeroEncabezado}, columna "${t}": falta la columna (hay "${titulos.get('horas')}" sin su tipo).`,
    });
  }
  const datos = filasCrudas.slice(indice + 1);
  if (datos.length > MAXIMO_FILAS)
    throw new ArchivoInvalidoError(
      `El archivo tiene ${datos.length.toLocaleString('es')} filas de datos; el máximo es ${MAXIMO_FILAS.toLocaleString('es')}: divídalo en varios archivos.`,
    );

  const titulo = (c: Columna) => titulos.get(c) ?? DEFINICION[c].titulo;
  const celda = (f: FilaCruda, c: Columna): Celda => {
    const i = columnas.get(c);
    return i === undefined ? null : (f.celdas[i] ?? null);
  };
  const fechaDe = memo(leerFecha);
  const horaMemo = memo(leerHora);
  const codigoDe = memo(normalizarCodigo);
  const filas: FilaImportada[] = [];
  const dias = new Map<string, FilaImportada>();
  const horasVistas = new Map<string, number>();

  for (let n = 0; n < datos.length; n++) {
    if (n > 0 && n % LOTE === 0) await cederTurno();
    const f = datos[n]!;
    if (f.celdas.every((x) => x === null || texto(x) === '')) continue;
    const antes = errores.length;
    const error = (c: Columna, detalle: string) =>
      errores.push({
        fila: f.numero,
        columna: titulo(c),
        mensaje: `Fila ${f.numero}, columna "${titulo(c)}": ${detalle}`,
      });
    const obligatorio = (c: Columna, falta: string): string => {
      const v = texto(celda(f, c));
      if (v === '') error(c, falta);
      else if (v.length > MAXIMO_TEXTO)
        error(c, `el texto es demasiado largo (máximo ${MAXIMO_TEXTO} caracteres).`);
      return v;
    };

    for (const [c, i] of columnas) {
      const v = f.celdas[i];
      if (typeof v === 'string' && CONTROL.test(v))
        error(c, 'tiene caracteres de control no válidos (como un byte nulo): corrija la celda.');
    }
    if (errores.length > antes) continue;

    const codigo = obligatorio('codigo', 'falta el código del empleado.');
    const nombre = obligatorio('nombre', 'falta el nombre del empleado.');
    const area = obligatorio('area', 'falta el área.');

    const fechaCelda = celda(f, 'fecha');
    const fecha = fechaDe(fechaCelda);
    if (texto(fechaCelda) === '') error('fecha', 'falta la fecha.');
    else if (!fecha)
      error('fecha', `"${texto(fechaCelda)}" no es una fecha válida (use dd/mm/aaaa o aaaa-mm-dd).`);

    const horaDe = (c: 'entrada' | 'salida'): string | null => {
      const v = celda(f, c);
      if (texto(v) === '') return null;
      const h = horaMemo(v);
      if (!h) error(c, `"${texto(v)}" no es una hora válida (use hh:mm, de 00:00 a 23:59).`);
      return h;
    };
    const entrada = horaDe('entrada');
    const salida = horaDe('salida');

    const ausencia = codigoDe(celda(f, 'ausencia'));
    const estado = CODIGOS_AUSENCIA[ausencia];
    if (!estado)
      error(
        'ausencia',
        `"${texto(celda(f, 'ausencia'))}" no es un código de ausencia válido (vacío o P = presente, F = falta, V = vacaciones, I = incapacidad, PE = permiso).`,
      );

    const horasCelda = celda(f, 'horas');
    let horas = leerHoras(horasCelda);
    if (horas !== null && Number.isNaN(horas)) {
      error('horas', `"${texto(horasCelda)}" no es un número de horas válido (por ejemplo 2,5).`);
      horas = null;
    } else if (horas !== null && (horas < 0 || horas > 24)) {
      error('horas', `${texto(horasCelda)} horas: las horas extra deben estar entre 0 y 24.`);
      horas = null;
    }
    if (horas !== null) horas = Math.round(horas * 100) / 100;
    if (horas === 0) horas = null;
    let tipo: TipoHoras | null = null;
    const tipoTexto = codigoDe(celda(f, 'tipo'));
    if (horas !== null) {
      tipo = TIPOS_HORAS[tipoTexto] ?? null;
      if (tipoTexto === '') error('tipo', 'hay horas extra pero falta el tipo (DOBLE o TRIPLE).');
      else if (!tipo) error('tipo', `"${texto(celda(f, 'tipo'))}" no es un tipo válido (DOBLE o TRIPLE).`);
    }
    const motivo = texto(celda(f, 'motivo')).slice(0, 500);

    if (errores.length > antes || !fecha || !estado) continue;
    const fila: FilaImportada = {
      fila: f.numero,
      codigo,
      nombre,
      area,
      fecha,
      estado,
      entrada,
      salida,
      horas,
      tipo,
      motivo: horas === null ? '' : motivo,
    };
    const clave = `${codigo}\u0000${fecha}`;
    const previa = dias.get(clave);
    if (previa) {
      if (previa.estado !== estado || previa.entrada !== entrada || previa.salida !== salida) {
        error(
          'fecha',
          `el empleado ${codigo} ya tiene otra asistencia el ${fecha.split('-').reverse().join('/')} en la fila ${previa.fila}.`,
        );
        continue;
      }
      if (horas === null) continue; // the same day repeated: nothing new
    } else {
      dias.set(clave, fila);
    }
    if (tipo) {
      const claveHoras = `${clave}\u0000${tipo}`;
      const otra = horasVistas.get(claveHoras);
      if (otra !== undefined) {
        error('tipo', `el empleado ${codigo} ya tiene horas extra ${tipo} ese día en la fila ${otra}.`);
        continue;
      }
      horasVistas.set(claveHoras, f.numero);
    }
    filas.push(fila);
  }
  return { filas, errores, total: datos.length, trae_horas: columnas.has('horas') };
}
