import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import {
  clasificar,
  Divisor,
  leerCabecera,
  type MetadatosRespaldo,
  PIE,
  RespaldoInvalidoError,
} from './formato.ts';

/** Statements sent to the database together (one simple-protocol round trip each). */
const LOTE_BYTES = 1 << 20;

/**
 * Reads a backup file from start to end: its header, every statement (refusing any a Planta
 * backup does not hold) and its last line. `alLote` receives the data and sequence statements in
 * batches of about 1 MB; without it the file is only checked. Any defect is a
 * RespaldoInvalidoError with a Spanish reason.
 */
export async function recorrerRespaldo(
  archivo: string,
  alLote?: (sentencias: string) => Promise<void>,
): Promise<{ meta: MetadatosRespaldo; sentencias: number }> {
  let entrada: fs.ReadStream;
  try {
    await fs.promises.access(archivo, fs.constants.R_OK);
    entrada = fs.createReadStream(archivo);
  } catch {
    throw new RespaldoInvalidoError(`no se puede leer el archivo ${archivo}`);
  }
  const gunzip = zlib.createGunzip();
  let fallo: Error | undefined;
  const alFallar = (error: Error) => {
    fallo ??= error;
    lineas.close();
  };
  entrada.on('error', alFallar);
  gunzip.on('error', alFallar);
  const lineas = readline.createInterface({ input: entrada.pipe(gunzip), crlfDelay: Infinity });
  // readline re-emits its input's errors: without a listener a cut file would crash the process.
  lineas.on('error', alFallar);

  let meta: MetadatosRespaldo | undefined;
  let ultima = '';
  let sentencias = 0;
  let lote: string[] = [];
  let loteBytes = 0;
  const divisor = new Divisor();
  const vaciar = async () => {
    if (lote.length === 0) return;
    const texto = lote.join('\n');
    lote = [];
    loteBytes = 0;
    await alLote?.(texto);
  };
  try {
    for await (const linea of lineas) {
      if (!meta) {
        meta = leerCabecera(linea);
        continue;
      }
      if (linea.trim() !== '') ultima = linea;
      for (const texto of divisor.linea(linea)) {
        const sentencia = clasificar(texto);
        sentencias++;
        if (sentencia.tipo === 'sesion' || !alLote) continue;
        lote.push(sentencia.texto);
        loteBytes += sentencia.texto.length;
        if (loteBytes >= LOTE_BYTES) await vaciar();
      }
    }
  } catch (error) {
    entrada.destroy();
    throw traducir(fallo ?? (error as Error));
  }
  if (fallo) throw traducir(fallo);
  if (!meta) throw new RespaldoInvalidoError('el archivo está vacío');
  divisor.terminar();
  if (ultima.trim() !== PIE) {
    throw new RespaldoInvalidoError('el respaldo está incompleto (le falta su última línea)');
  }
  await vaciar();
  return { meta, sentencias };
}

function traducir(error: Error): Error {
  if (error instanceof RespaldoInvalidoError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR')
    return new RespaldoInvalidoError('el archivo no es un respaldo de Planta (no es gzip válido)');
  if (code === 'Z_BUF_ERROR')
    return new RespaldoInvalidoError('el respaldo está incompleto (el archivo se cortó)');
  return new RespaldoInvalidoError(`no se pudo leer el respaldo: ${error.message}`);
}
