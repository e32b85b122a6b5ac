/**
 * The backup file: a gzip-compressed plain SQL dump in pg_dump's format (data only, INSERT
 * statements, sequences set), between Planta's own first and last lines:
 *
 *   -- Planta respaldo {"formato":1,"esquema":7,"migracion":"0006_…","creado":"…","origen":"pglite"}
 *   …pg_dump's output…
 *   -- Planta fin del respaldo
 *
 * The schema is not in the file: a restore creates it with this code's migrations up to the
 * file's `esquema`, so one file restores into PGlite or into any PostgreSQL ≥ 15 (pg_dump 18's
 * schema statements do not run on 15), and a restore into a newer Planta then migrates forward.
 */

export const CABECERA = '-- Planta respaldo ';
export const PIE = '-- Planta fin del respaldo';
export const FORMATO = 1;

export interface MetadatosRespaldo {
  formato: number;
  /** How many migrations the database had (see db/esquema.ts). */
  esquema: number;
  /** The tag of the last of them. */
  migracion: string;
  /** When the backup was taken (ISO 8601). */
  creado: string;
  origen: 'pglite' | 'postgres';
  /** Planta's version that wrote it. */
  version: string;
}

export class RespaldoInvalidoError extends Error {}

export function lineaCabecera(meta: MetadatosRespaldo): string {
  return `${CABECERA}${JSON.stringify(meta)}\n`;
}

export function leerCabecera(linea: string): MetadatosRespaldo {
  if (!linea.startsWith(CABECERA)) {
    throw new RespaldoInvalidoError('el archivo no es un respaldo de Planta (falta su cabecera)');
  }
  let meta: Partial<MetadatosRespaldo>;
  try {
    meta = JSON.parse(linea.slice(CABECERA.length)) as Partial<MetadatosRespaldo>;
  } catch {
    throw new RespaldoInvalidoError('la cabecera del respaldo está dañada');
  }
  if (
    meta.formato !== FORMATO ||
    !Number.isInteger(meta.esquema) ||
    typeof meta.migracion !== 'string' ||
    typeof meta.creado !== 'string' ||
    (meta.origen !== 'pglite' && meta.origen !== 'postgres')
  ) {
    throw new RespaldoInvalidoError(`formato de respaldo desconocido (${linea.slice(CABECERA.length, 120)})`);
  }
  return meta as MetadatosRespaldo;
}

export type Sentencia =
  | { tipo: 'datos'; texto: string }
  | { tipo: 'secuencia'; texto: string }
  /** SET and search_path statements of pg_dump's header: the restore sets its own session. */
  | { tipo: 'sesion' };

const INSERT =
  /^INSERT INTO public\.("[^"]+"|[a-z_][a-z0-9_]*) (\([^)]*\) )?(OVERRIDING SYSTEM VALUE )?VALUES\b/;
const SETVAL = /^SELECT pg_catalog\.setval\('public\.[a-z_][a-z0-9_]*', \d+, (true|false)\);$/;
const SESION = /^(SET [a-z_]+ = [^;]*;|SELECT pg_catalog\.set_config\('search_path', '', false\);)$/;

/** Classifies one complete statement; anything a Planta backup does not hold is refused. */
export function clasificar(texto: string): Sentencia {
  if (INSERT.test(texto)) return { tipo: 'datos', texto };
  if (SETVAL.test(texto)) return { tipo: 'secuencia', texto };
  if (SESION.test(texto)) return { tipo: 'sesion' };
  throw new RespaldoInvalidoError(`el respaldo contiene una instrucción no esperada: ${texto.slice(0, 80)}`);
}

/**
 * Splits pg_dump's plain output into statements, a line at a time (a string literal may span
 * lines): `;` ends a statement outside string literals ('…' with '' inside; pg_dump writes
 * standard-conforming strings) and quoted identifiers. Between statements, `--` comments and
 * psql's backslash lines (`\restrict` / `\unrestrict` of recent pg_dump versions) are dropped.
 */
export class Divisor {
  #actual: string[] = [];
  #enCadena = false;
  #enIdentificador = false;

  /** Feeds one line (without its newline); returns the statements it completed. */
  linea(linea: string): string[] {
    const out: string[] = [];
    let start = 0;
    for (let i = 0; i < linea.length; i++) {
      const c = linea.charCodeAt(i);
      if (this.#enCadena) {
        if (c === 39) this.#enCadena = false; // '' is two toggles: the literal goes on
        continue;
      }
      if (this.#enIdentificador) {
        if (c === 34) this.#enIdentificador = false;
        continue;
      }
      if (this.#actual.length === 0 && linea.slice(start, i).trim() === '') {
        // Before a statement starts: a comment or a psql meta-command takes the rest of the line.
        if ((c === 45 && linea.charCodeAt(i + 1) === 45) || c === 92) return out;
      }
      if (c === 39) this.#enCadena = true;
      else if (c === 34) this.#enIdentificador = true;
      else if (c === 59) {
        this.#actual.push(linea.slice(start, i + 1));
        out.push(this.#actual.join('\n').trim());
        this.#actual = [];
        start = i + 1;
      }
    }
    const resto = linea.slice(start);
    if (this.#actual.length > 0 || resto.trim() !== '' || this.#enCadena || this.#enIdentificador) {
      this.#actual.push(resto);
    }
    return out;
  }

  /** At the end of the input: nothing may be left half-way. */
  terminar(): void {
    if (this.#enCadena || this.#enIdentificador || this.#actual.join('').trim() !== '') {
      throw new RespaldoInvalidoError('el respaldo termina a mitad de una instrucción (archivo incompleto)');
    }
  }
}
