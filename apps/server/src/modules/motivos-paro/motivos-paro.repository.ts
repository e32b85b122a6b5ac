import type { ClasePerdida } from '@planta/domain';
import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { CANDADOS } from '../../db/candados.ts';
import type { Db } from '../../db/client.ts';
import { categoriasParo, lineas, motivosParo, paros } from '../../db/schema/index.ts';
import type { MotivoParoRecord } from './motivos-paro.dto.ts';

export interface CategoriaRecord {
  id: number;
  nombre: string;
  version: number;
}

export interface MotivoValues {
  categoriaId: number;
  nombre: string;
  clase: ClasePerdida;
  lineaIds: number[];
  codigosFalla: number[];
}

/** A production line's micro-stop threshold (the line's row: its version is the line's). */
export interface UmbralRecord {
  lineaId: number;
  linea: number;
  lineaNombre: string;
  segundos: number;
  version: number;
}

export interface LineaProduccion {
  id: number;
  numero: number;
  nombre: string;
}

const categoriaColumns = {
  id: categoriasParo.id,
  nombre: categoriasParo.nombre,
  version: categoriasParo.version,
};

const motivoColumns = {
  id: motivosParo.id,
  nombre: motivosParo.nombre,
  categoriaId: motivosParo.categoriaId,
  categoria: categoriasParo.nombre,
  clase: motivosParo.clase,
  lineaIds: motivosParo.lineaIds,
  codigosFalla: motivosParo.codigosFalla,
  version: motivosParo.version,
};

const umbralColumns = {
  lineaId: lineas.id,
  linea: lineas.numero,
  lineaNombre: lineas.nombre,
  segundos: lineas.umbralMicroparoS,
  version: lineas.version,
};

/** Production lines: numero > 0 (the plant's own line is numero 0). */
const esProduccion = gt(lineas.numero, 0);

/** The only place that builds queries for the tree of stop reasons and the micro-stop thresholds. */
export class MotivosParoRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: MotivosParoRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new MotivosParoRepository(tx as unknown as Db)));
  }

  /** The audit's handle: inside `transaction`, the transaction itself. */
  get handle(): Db {
    return this.db;
  }

  /**
   * Serialises the writes of the tree: the case-insensitive names and a fault code's lines are
   * checked across rows, so the second writer must see the first one's row.
   */
  async lockArbol(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${CANDADOS.motivosParo})`);
  }

  // ------------------------------------------------------------ categories

  categorias(): Promise<CategoriaRecord[]> {
    return this.db.select(categoriaColumns).from(categoriasParo).orderBy(asc(categoriasParo.id));
  }

  async findCategoria(id: number, forUpdate = false): Promise<CategoriaRecord | undefined> {
    const query = this.db.select(categoriaColumns).from(categoriasParo).where(eq(categoriasParo.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  /** A category with this name ignoring case, other than `exceptId`. */
  async findCategoriaPorNombre(
    nombre: string,
    exceptId: number | null,
  ): Promise<CategoriaRecord | undefined> {
    const [row] = await this.db
      .select(categoriaColumns)
      .from(categoriasParo)
      .where(
        and(
          sql`lower(${categoriasParo.nombre}) = lower(${nombre})`,
          exceptId === null ? undefined : ne(categoriasParo.id, exceptId),
        ),
      )
      .limit(1);
    return row;
  }

  async insertCategoria(nombre: string): Promise<CategoriaRecord> {
    const [row] = await this.db.insert(categoriasParo).values({ nombre }).returning(categoriaColumns);
    if (!row) throw new Error('insert into categorias_paro returned no row');
    return row;
  }

  async updateCategoria(id: number, nombre: string): Promise<CategoriaRecord> {
    const [row] = await this.db
      .update(categoriasParo)
      .set({ nombre, version: sql`${categoriasParo.version} + 1` })
      .where(eq(categoriasParo.id, id))
      .returning(categoriaColumns);
    if (!row) throw new Error('categorias_paro row vanished during its update');
    return row;
  }

  /** How many categories and reasons the tree holds. */
  async tamanoArbol(): Promise<{ categorias: number; motivos: number }> {
    const [categorias] = await this.db.select({ n: count() }).from(categoriasParo);
    const [motivos] = await this.db.select({ n: count() }).from(motivosParo);
    return { categorias: Number(categorias?.n ?? 0), motivos: Number(motivos?.n ?? 0) };
  }

  async deleteCategoria(id: number): Promise<void> {
    await this.db.delete(categoriasParo).where(eq(categoriasParo.id, id));
  }

  async motivosEnCategoria(id: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(motivosParo)
      .where(eq(motivosParo.categoriaId, id));
    return row?.n ?? 0;
  }

  // ------------------------------------------------------------ reasons

  private motivosQuery() {
    return this.db
      .select(motivoColumns)
      .from(motivosParo)
      .innerJoin(categoriasParo, eq(categoriasParo.id, motivosParo.categoriaId));
  }

  /** Every reason; with `lineaId`, those that apply to it (no lines: every line). */
  motivos(lineaId: number | null = null): Promise<MotivoParoRecord[]> {
    return this.motivosQuery()
      .where(
        lineaId === null
          ? undefined
          : sql`(cardinality(${motivosParo.lineaIds}) = 0 or ${lineaId}::int = any(${motivosParo.lineaIds}))`,
      )
      .orderBy(asc(motivosParo.id));
  }

  /** The reasons of some categories. */
  motivosDe(categoriaIds: readonly number[]): Promise<MotivoParoRecord[]> {
    if (categoriaIds.length === 0) return Promise.resolve([]);
    return this.motivosQuery()
      .where(inArray(motivosParo.categoriaId, [...categoriaIds]))
      .orderBy(asc(motivosParo.id));
  }

  async findMotivo(id: number, forUpdate = false): Promise<MotivoParoRecord | undefined> {
    const query = this.motivosQuery().where(eq(motivosParo.id, id));
    const [row] = forUpdate ? await query.for('update', { of: motivosParo }) : await query;
    return row;
  }

  /** A reason of the category with this name ignoring case, other than `exceptId`. */
  async findMotivoPorNombre(
    categoriaId: number,
    nombre: string,
    exceptId: number | null,
  ): Promise<MotivoParoRecord | undefined> {
    const [row] = await this.motivosQuery()
      .where(
        and(
          eq(motivosParo.categoriaId, categoriaId),
          sql`lower(${motivosParo.nombre}) = lower(${nombre})`,
          exceptId === null ? undefined : ne(motivosParo.id, exceptId),
        ),
      )
      .limit(1);
    return row;
  }

  /** The reasons, other than `exceptId`, holding any of these fault codes. */
  conCodigos(codigos: readonly number[], exceptId: number | null): Promise<MotivoParoRecord[]> {
    if (codigos.length === 0) return Promise.resolve([]);
    return this.motivosQuery()
      .where(
        and(
          sql`${motivosParo.codigosFalla} && ${sql.param([...codigos])}::int[]`,
          exceptId === null ? undefined : ne(motivosParo.id, exceptId),
        ),
      )
      .orderBy(asc(motivosParo.id));
  }

  async insertMotivo(values: MotivoValues): Promise<number> {
    const [row] = await this.db.insert(motivosParo).values(values).returning({ id: motivosParo.id });
    if (!row) throw new Error('insert into motivos_paro returned no row');
    return row.id;
  }

  async updateMotivo(id: number, values: MotivoValues): Promise<void> {
    await this.db
      .update(motivosParo)
      .set({ ...values, version: sql`${motivosParo.version} + 1` })
      .where(eq(motivosParo.id, id));
  }

  async deleteMotivo(id: number): Promise<void> {
    await this.db.delete(motivosParo).where(eq(motivosParo.id, id));
  }

  /** How many paros were given this reason. */
  async parosConMotivo(id: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(paros).where(eq(paros.motivoId, id));
    return row?.n ?? 0;
  }

  // ------------------------------------------------------------ lines and thresholds

  /** The production lines, by numero. */
  lineasProduccion(): Promise<LineaProduccion[]> {
    return this.db
      .select({ id: lineas.id, numero: lineas.numero, nombre: lineas.nombre })
      .from(lineas)
      .where(esProduccion)
      .orderBy(asc(lineas.numero));
  }

  umbrales(): Promise<UmbralRecord[]> {
    return this.db.select(umbralColumns).from(lineas).where(esProduccion).orderBy(asc(lineas.numero));
  }

  /** A production line's threshold; `forUpdate` locks the line's row. */
  async findUmbral(lineaId: number, forUpdate = false): Promise<UmbralRecord | undefined> {
    const query = this.db
      .select(umbralColumns)
      .from(lineas)
      .where(and(eq(lineas.id, lineaId), esProduccion));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  async updateUmbral(lineaId: number, segundos: number): Promise<UmbralRecord> {
    const [row] = await this.db
      .update(lineas)
      .set({ umbralMicroparoS: segundos, version: sql`${lineas.version} + 1` })
      .where(eq(lineas.id, lineaId))
      .returning(umbralColumns);
    if (!row) throw new Error('lineas row vanished during its update');
    return row;
  }
}
