import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { PLANT_LINE_NAME } from './lineas.repository.ts';

/**
 * The master data of /configuracion/lineas (lines, products, presentations, product
 * presentations, nominal speeds): rows as the API shows them (snake_case), so the same object is
 * the GraphQL answer and the audit's before/after.
 */

export interface LineaConfigRecord {
  id: number;
  nombre: string;
  numero: number;
  sufijo: string;
  version: number;
}

export interface ProductoRecord {
  id: number;
  descripcion: string;
  image_prefix: string;
  image_color: string;
  version: number;
}

export interface PresentacionRecord {
  id: number;
  volumen: number;
  unid_medida: string;
  factor: number;
  version: number;
}

export interface ProductoPresentacionRecord {
  id: number;
  producto_id: number;
  presentacion_id: number;
  num_botellas: number;
  hmi_linea1_id: number | null;
  hmi_linea2_id: number | null;
  hmi_linea3_id: number | null;
  hmi_linea4_id: number | null;
  version: number;
}

export interface VelocidadRecord {
  id: number;
  producto_presentacion_id: number;
  linea_id: number;
  velocidad_paquetes_hora: number;
  velocidad_botellas_minuto: number;
  version: number;
}

export type Entidad =
  'lineas' | 'productos' | 'presentaciones' | 'producto_presentaciones' | 'velocidades_nominales';

const SELECT: Record<Entidad, SQL> = {
  lineas: sql`select id, nombre, numero::int as numero, sufijo, version from lineas`,
  productos: sql`select id, descripcion, image_prefix, image_color, version from productos`,
  presentaciones: sql`select id, volumen::float8 as volumen, unid_medida, factor::float8 as factor, version from presentaciones`,
  producto_presentaciones: sql`select id, producto_id, presentacion_id, num_botellas::int as num_botellas,
      hmi_linea1_id, hmi_linea2_id, hmi_linea3_id, hmi_linea4_id, version from producto_presentaciones`,
  velocidades_nominales: sql`select id, producto_presentacion_id, linea_id, velocidad_paquetes_hora,
      velocidad_botellas_minuto, version from velocidades_nominales`,
};

const ORDEN: Record<Entidad, SQL> = {
  lineas: sql`order by numero`,
  productos: sql`order by descripcion`,
  presentaciones: sql`order by case when unid_medida = 'ml' then volumen / 1000 else volumen end, factor`,
  producto_presentaciones: sql`order by id`,
  velocidades_nominales: sql`order by id`,
};

/** Where a row is used: table → rows that reference it. */
export type Usos = { tabla: string; filas: number }[];

/**
 * A line's day in eficiencias with nothing of its own: the day's derivation writes one for every
 * line, so a line created a minute ago already has one, with the plant's paid and planned minutes
 * but no output, no running minute and no SAP figure. Such days are not a use of the line (it could
 * never be deleted once a derivation had run) and are deleted with it.
 */
const EFICIENCIA_SIN_DATOS = sql`sap is null and producido_cu = 0 and coalesce(total_cu, 0) = 0
  and coalesce(minutos_marcha, 0) = 0`;

export class CatalogoRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (repo: CatalogoRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new CatalogoRepository(tx as unknown as Db)));
  }

  private async rows<T>(query: SQL): Promise<T[]> {
    const result = (await this.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  /** Every row of a table (production lines only: never the plant's). */
  list<T>(entidad: Entidad): Promise<T[]> {
    const where = entidad === 'lineas' ? sql`where nombre <> ${PLANT_LINE_NAME}` : sql``;
    return this.rows<T>(sql`${SELECT[entidad]} ${where} ${ORDEN[entidad]}`);
  }

  /** One row; `lock` takes it for update (inside a transaction). */
  async find<T>(entidad: Entidad, id: number, lock = false): Promise<T | undefined> {
    const [row] = await this.rows<T>(
      sql`${SELECT[entidad]} where id = ${id} ${lock ? sql`for update` : sql``}`,
    );
    return row;
  }

  async plantLineId(): Promise<number | undefined> {
    const [row] = await this.rows<{ id: number }>(
      sql`select id from lineas where nombre = ${PLANT_LINE_NAME}`,
    );
    return row?.id;
  }

  async plantaId(): Promise<number | undefined> {
    const [row] = await this.rows<{ id: number }>(
      sql`select coalesce((select planta_id from lineas where nombre = ${PLANT_LINE_NAME}), (select min(id) from plantas)) as id`,
    );
    return row?.id ?? undefined;
  }

  async insertLinea(v: {
    nombre: string;
    numero: number;
    sufijo: string;
    plantaId: number;
  }): Promise<number> {
    const [row] = await this.rows<{ id: number }>(
      sql`insert into lineas (nombre, numero, sufijo, planta_id) values (${v.nombre}, ${v.numero}, ${v.sufijo}, ${v.plantaId}) returning id`,
    );
    return row!.id;
  }

  async updateLinea(id: number, v: { nombre: string; numero: number; sufijo: string }): Promise<void> {
    await this.db.execute(
      sql`update lineas set nombre = ${v.nombre}, numero = ${v.numero}, sufijo = ${v.sufijo}, version = version + 1 where id = ${id}`,
    );
  }

  async insertProducto(v: Omit<ProductoRecord, 'id' | 'version'>): Promise<number> {
    const [row] = await this.rows<{ id: number }>(
      sql`insert into productos (descripcion, image_prefix, image_color) values (${v.descripcion}, ${v.image_prefix}, ${v.image_color}) returning id`,
    );
    return row!.id;
  }

  async updateProducto(id: number, v: Omit<ProductoRecord, 'id' | 'version'>): Promise<void> {
    await this.db.execute(
      sql`update productos set descripcion = ${v.descripcion}, image_prefix = ${v.image_prefix}, image_color = ${v.image_color},
          version = version + 1 where id = ${id}`,
    );
  }

  async insertPresentacion(v: Omit<PresentacionRecord, 'id' | 'version'>): Promise<number> {
    const [row] = await this.rows<{ id: number }>(
      sql`insert into presentaciones (volumen, unid_medida, factor) values (${v.volumen}, ${v.unid_medida}, ${v.factor}) returning id`,
    );
    return row!.id;
  }

  async updatePresentacion(id: number, v: Omit<PresentacionRecord, 'id' | 'version'>): Promise<void> {
    await this.db.execute(
      sql`update presentaciones set volumen = ${v.volumen}, unid_medida = ${v.unid_medida}, factor = ${v.factor},
          version = version + 1 where id = ${id}`,
    );
  }

  async insertProductoPresentacion(v: Omit<ProductoPresentacionRecord, 'id' | 'version'>): Promise<number> {
    const [row] = await this.rows<{ id: number }>(
      sql`insert into producto_presentaciones (producto_id, presentacion_id, num_botellas, hmi_linea1_id, hmi_linea2_id, hmi_linea3_id, hmi_linea4_id)
          values (${v.producto_id}, ${v.presentacion_id}, ${v.num_botellas}, ${v.hmi_linea1_id}, ${v.hmi_linea2_id}, ${v.hmi_linea3_id}, ${v.hmi_linea4_id})
          returning id`,
    );
    return row!.id;
  }

  async updateProductoPresentacion(
    id: number,
    v: Omit<ProductoPresentacionRecord, 'id' | 'version'>,
  ): Promise<void> {
    await this.db.execute(
      sql`update producto_presentaciones set producto_id = ${v.producto_id}, presentacion_id = ${v.presentacion_id},
          num_botellas = ${v.num_botellas}, hmi_linea1_id = ${v.hmi_linea1_id}, hmi_linea2_id = ${v.hmi_linea2_id},
          hmi_linea3_id = ${v.hmi_linea3_id}, hmi_linea4_id = ${v.hmi_linea4_id}, version = version + 1 where id = ${id}`,
    );
  }

  async insertVelocidad(v: Omit<VelocidadRecord, 'id' | 'version'>): Promise<number> {
    const [row] = await this.rows<{ id: number }>(
      sql`insert into velocidades_nominales (producto_presentacion_id, linea_id, velocidad_paquetes_hora, velocidad_botellas_minuto)
          values (${v.producto_presentacion_id}, ${v.linea_id}, ${v.velocidad_paquetes_hora}, ${v.velocidad_botellas_minuto}) returning id`,
    );
    return row!.id;
  }

  async updateVelocidad(id: number, v: Omit<VelocidadRecord, 'id' | 'version'>): Promise<void> {
    await this.db.execute(
      sql`update velocidades_nominales set producto_presentacion_id = ${v.producto_presentacion_id}, linea_id = ${v.linea_id},
          velocidad_paquetes_hora = ${v.velocidad_paquetes_hora}, velocidad_botellas_minuto = ${v.velocidad_botellas_minuto},
          version = version + 1 where id = ${id}`,
    );
  }

  /** Speeds of a product presentation (their bottles per minute follow its num_botellas). */
  async rederiveSpeeds(productoPresentacionId: number, numBotellas: number): Promise<void> {
    await this.db.execute(
      sql`update velocidades_nominales set velocidad_botellas_minuto = velocidad_paquetes_hora * ${numBotellas} / 60.0,
          version = version + 1
          where producto_presentacion_id = ${productoPresentacionId}
            and velocidad_botellas_minuto <> velocidad_paquetes_hora * ${numBotellas} / 60.0`,
    );
  }

  async delete(entidad: Entidad, id: number): Promise<void> {
    // A line's derived days with nothing of its own go with it (usos does not count them).
    if (entidad === 'lineas')
      await this.db.execute(sql`delete from eficiencias where linea_id = ${id} and ${EFICIENCIA_SIN_DATOS}`);
    await this.db.execute(sql`delete from ${sql.identifier(entidad)} where id = ${id}`);
  }

  /**
   * The rows that reference this one, found through the database's foreign keys (so a table added
   * later is counted too); a line also counts its minutes in scada_lecturas (by numero) and the
   * stop reasons limited to it (motivos_paro.linea_ids), and not its days in eficiencias that hold
   * nothing of its own ({@link EFICIENCIA_SIN_DATOS}).
   */
  async usos(entidad: Entidad, id: number): Promise<Usos> {
    const fks = await this.rows<{ tabla: string; columna: string }>(
      sql`select c.conrelid::regclass::text as tabla, a.attname as columna
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.contype = 'f' and c.confrelid = ${entidad}::regclass
          order by 1, 2`,
    );
    const usos: Usos = [];
    for (const fk of fks) {
      const derivadas =
        entidad === 'lineas' && fk.tabla === 'eficiencias' ? sql` and not (${EFICIENCIA_SIN_DATOS})` : sql``;
      const [row] = await this.rows<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(fk.tabla)} where ${sql.identifier(fk.columna)} = ${id}${derivadas}`,
      );
      if (row && row.n > 0) usos.push({ tabla: fk.tabla, filas: row.n });
    }
    if (entidad === 'lineas') {
      const [row] = await this.rows<{ n: number }>(
        sql`select count(*)::int as n from scada_lecturas where linea = (select numero from lineas where id = ${id})`,
      );
      if (row && row.n > 0) usos.push({ tabla: 'scada_lecturas', filas: row.n });
      // A stop reason limited to some lines names them in an array (no foreign key can).
      const [motivos] = await this.rows<{ n: number }>(
        sql`select count(*)::int as n from motivos_paro where ${id}::int = any(linea_ids)`,
      );
      if (motivos && motivos.n > 0) usos.push({ tabla: 'motivos_paro', filas: motivos.n });
    }
    return usos;
  }

  /** The product presentation that already uses an HMI code on a line's column, if any. */
  async hmiEnUso(
    columna: 1 | 2 | 3 | 4,
    codigo: number,
    exceptId: number | null,
  ): Promise<number | undefined> {
    const col = sql.identifier(`hmi_linea${columna}_id`);
    const [row] = await this.rows<{ id: number }>(
      sql`select id from producto_presentaciones where ${col} = ${codigo} and id <> ${exceptId ?? 0}`,
    );
    return row?.id;
  }

  numeroEnUso(numero: number, exceptId: number | null): Promise<boolean> {
    return this.existe('lineas', sql`numero = ${numero}`, exceptId);
  }

  descripcionEnUso(descripcion: string, exceptId: number | null): Promise<boolean> {
    return this.existe('productos', sql`lower(descripcion) = lower(${descripcion})`, exceptId);
  }

  presentacionEnUso(v: { volumen: number; unid_medida: string; factor: number }, exceptId: number | null) {
    return this.existe(
      'presentaciones',
      sql`volumen = ${v.volumen} and unid_medida = ${v.unid_medida} and factor = ${v.factor}`,
      exceptId,
    );
  }

  productoPresentacionEnUso(
    v: { producto_id: number; presentacion_id: number; num_botellas: number },
    exceptId: number | null,
  ): Promise<boolean> {
    return this.existe(
      'producto_presentaciones',
      sql`producto_id = ${v.producto_id} and presentacion_id = ${v.presentacion_id} and num_botellas = ${v.num_botellas}`,
      exceptId,
    );
  }

  velocidadEnUso(v: { producto_presentacion_id: number; linea_id: number }, exceptId: number | null) {
    return this.existe(
      'velocidades_nominales',
      sql`producto_presentacion_id = ${v.producto_presentacion_id} and linea_id = ${v.linea_id}`,
      exceptId,
    );
  }

  private async existe(entidad: Entidad, where: SQL, exceptId: number | null): Promise<boolean> {
    const [row] = await this.rows<{ id: number }>(
      sql`select id from ${sql.identifier(entidad)} where (${where}) and id <> ${exceptId ?? 0} limit 1`,
    );
    return row !== undefined;
  }
}
