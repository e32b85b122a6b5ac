import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './tipos.ts';
import { esperarVez } from '../reparto-del-bucle.ts';
import { rowsOf } from './rows.ts';

/** `huellaDe`'s aggregate, for a read that scans the same rows itself (one pass, one snapshot). */
export const HUELLA_TEXTO = `count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text`;
export const HUELLA_DE_LAS_FILAS = sql.raw(HUELLA_TEXTO);

/**
 * The fingerprint of the rows a read covers: how many there are and the sum of their `xmin` (the
 * id of the transaction that wrote each row version). Any insert, update or delete of one of them
 * changes it: a new row version gets a newer transaction id than every version it replaces, so the
 * sum moves (or the count does). An index range scan, no rows sent back. A read that joins tables
 * takes one fingerprint per table (`consultaHuella`): on the embedded database a join's planning
 * costs more than the scans.
 */
export const huellaDe = (from: SQL | ReturnType<typeof sql.identifier>, where: SQL) =>
  sql`(select ${HUELLA_DE_LAS_FILAS} from ${from} where ${where})`;

/** The statement that reads the fingerprints of `partes` (from `huellaDe`) in one round trip. */
export const consultaHuella = (...partes: SQL[]) =>
  sql`select ${sql.join(partes, sql` || '/' || `)} as huella`;

/** The fingerprint statement of one table's rows. */
export const huellaFilas = (tabla: string, where: SQL) =>
  consultaHuella(huellaDe(sql.identifier(tabla), where));

/** A fingerprint a read checked, and what it was. */
export interface LecturaValidada {
  db: Db;
  huella: SQL;
  firma: string;
  /** The database's write count when it was last found so (`generacionDe`; embedded only). */
  generacion?: number;
}

const escrituras = new WeakMap<Db, () => number>();

/**
 * The embedded database (db/pglite-host.ts) counts the statements that may have written: this
 * process is its only writer and runs them one at a time, so while the count has not moved since
 * a fingerprint was read, the rows are as they were and the fingerprint needs no statement.
 */
export function registrarEscrituras(db: Db, cuenta: () => number): void {
  escrituras.set(db, cuenta);
}

/** `db`'s write count, or undefined where others may write (PostgreSQL, a transaction's handle). */
export const generacionDe = (db: Db): number | undefined => escrituras.get(db)?.();

/** The fingerprint `huella` stands for now (one statement). */
export async function leerHuella(db: Db, huella: SQL): Promise<string> {
  const [actual] = await rowsOf<{ huella: string }>(db.execute(huella));
  return actual?.huella ?? '';
}

/** The fingerprints the reads of one request checked (graphql/respuestas-validadas.ts keeps whole answers by them). */
export interface RegistroDeLecturas {
  lecturas: LecturaValidada[];
  /** False once the request read something no fingerprint covers. */
  guardable: boolean;
}

export const registroDeLecturas = new AsyncLocalStorage<RegistroDeLecturas>();

/** The current request read something without a fingerprint: its answer is not kept whole. */
export function lecturaSinHuella(): void {
  const registro = registroDeLecturas.getStore();
  if (registro) registro.guardable = false;
}

interface Entrada<V> {
  huella: string;
  valor: V;
  filas: number;
  /** `generacionDe(db)` when the fingerprint was last found matching. */
  generacion?: number;
}

/**
 * What a read loaded: its value and the fingerprint of the rows it covers, taken by the same statement
 * (one snapshot, one round trip: `HUELLA_DE_LAS_FILAS` over the same scan, or `huellaDe` as a
 * column). `firma` null: the statement could not tell (no row came back to carry it); the value is
 * answered and not kept.
 */
export interface Leido<V> {
  valor: V;
  firma: string | null;
}

/** Rows from which a read's answer is long: it waits its turn of the loop (`esperarVez`). */
export const FILAS_LARGAS = 1_000;

/** Keys read once and not kept (`CacheValidado`), remembered at most. */
const PEDIDAS_MAX = 10_000;

/**
 * Long reads that repeat (a closed day's minutes, three months of daily values: every screen that
 * shows them, every refresh, every report) served from memory while their rows are unchanged. Most
 * ranges are asked once (a person picks another day), so a key is kept from its second read on: the
 * first read loads the rows alone (`cargar(false)`: no fingerprint to compute, nothing held), the
 * key is remembered, and the next read of it loads the rows and their fingerprint in one statement
 * (`cargar(true)`, `Leido`) and keeps them. A read with something kept asks the
 * database for the rows' fingerprint (`huella`, the statement of `huellaFilas`/`consultaHuella`)
 * and answers from memory when it matches, else loads again. Every server of a scale-out checks the
 * same database, so a write through any of them is seen by all. On the embedded database no
 * statement at all while nothing was written since (`generacionDe`).
 * Bounded by the rows it holds (least recently used go first); what it holds is frozen: callers
 * copy, never change it.
 */
export class CacheValidado<V> {
  private readonly entradas = new Map<string, Entrada<V>>();
  private filas = 0;
  /** Keys read once, not kept (oldest first). */
  private readonly pedidas = new Set<string>();

  /** `filasDe`: how many rows a value holds (the bound counts rows, not entries). */
  constructor(
    private readonly filasDe: (valor: V) => number,
    private readonly maxFilas = 200_000,
  ) {}

  /**
   * `cargar(conHuella)`: the rows, and with `conHuella` their fingerprint from the same statement
   * (else `firma` null).
   */
  async leer(
    db: Db,
    clave: string,
    huella: SQL,
    cargar: (conHuella: boolean) => Promise<Leido<V>>,
  ): Promise<V> {
    const valor = await this.leerAhora(db, clave, huella, cargar);
    // A long answer waits its turn of the loop (reparto-del-bucle.ts): what it costs after this
    // (its completion, its JSON) runs alone in that turn.
    if (this.filasDe(valor) >= FILAS_LARGAS) await esperarVez();
    return valor;
  }

  private async leerAhora(
    db: Db,
    clave: string,
    huella: SQL,
    cargar: (conHuella: boolean) => Promise<Leido<V>>,
  ): Promise<V> {
    const generacion = generacionDe(db);
    const guardada = this.entradas.get(clave);
    if (guardada) {
      const firma =
        generacion !== undefined && guardada.generacion === generacion
          ? guardada.huella
          : await leerHuella(db, huella);
      if (guardada.huella === firma) {
        guardada.generacion = generacion;
        registroDeLecturas.getStore()?.lecturas.push({ db, huella, firma, generacion });
        return this.usada(clave, guardada).valor;
      }
    }
    const segunda = guardada !== undefined || this.pedidas.delete(clave);
    if (!segunda) {
      if (this.pedidas.size >= PEDIDAS_MAX) this.pedidas.delete(this.pedidas.values().next().value!);
      this.pedidas.add(clave);
    }
    const leido = await cargar(segunda);
    const valor = congelar(leido.valor);
    if (!segunda || leido.firma === null) {
      lecturaSinHuella();
      return valor;
    }
    registroDeLecturas.getStore()?.lecturas.push({ db, huella, firma: leido.firma, generacion });
    this.guardar(clave, { huella: leido.firma, valor, filas: this.filasDe(valor), generacion });
    return valor;
  }

  /**
   * The value kept under `clave` if it was loaded at fingerprint `firma` (read by another statement
   * of the caller's), else `cargar()`'s, kept under `firma`. A write between that statement and
   * `cargar` at worst keeps newer values under an older fingerprint: the next read misses, it never
   * serves older ones.
   */
  async conFirma(clave: string, firma: string, cargar: () => Promise<V>): Promise<V> {
    const guardada = this.entradas.get(clave);
    if (guardada?.huella === firma) return this.usada(clave, guardada).valor;
    const valor = congelar(await cargar());
    this.guardar(clave, { huella: firma, valor, filas: this.filasDe(valor) });
    return valor;
  }

  /** The value kept under `clave`, whatever rows it was read from (a hint, never an answer). */
  ultimo(clave: string): V | undefined {
    return this.entradas.get(clave)?.valor;
  }

  /** Most recently used last. */
  private usada(clave: string, entrada: Entrada<V>): Entrada<V> {
    this.entradas.delete(clave);
    this.entradas.set(clave, entrada);
    return entrada;
  }

  private guardar(clave: string, entrada: Entrada<V>): void {
    const anterior = this.entradas.get(clave);
    if (anterior) {
      this.filas -= anterior.filas;
      this.entradas.delete(clave);
    }
    if (entrada.filas > this.maxFilas) return;
    this.entradas.set(clave, entrada);
    this.filas += entrada.filas;
    for (const [vieja, { filas }] of this.entradas) {
      if (this.filas <= this.maxFilas) break;
      this.entradas.delete(vieja);
      this.filas -= filas;
    }
  }

  /** Entries held (tests). */
  get tamano(): number {
    return this.entradas.size;
  }
}

/**
 * Freezes a read's arrays and row objects, two levels down (rows, and a row's own objects); a list
 * whose first item is not an object is taken as a column of values (1,440 numbers: not walked).
 */
function congelar<V>(valor: V, nivel = 0): V {
  if (valor === null || typeof valor !== 'object' || Object.isFrozen(valor) || nivel > 3) return valor;
  if (!Array.isArray(valor) || (typeof valor[0] === 'object' && valor[0] !== null))
    for (const hijo of Object.values(valor)) congelar(hijo, nivel + 1);
  return Object.freeze(valor);
}
