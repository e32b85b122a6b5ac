import type { ClasePerdida } from '@planta/domain';
import type { ReferenceData } from '@planta/plant-model';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  categoriasParo,
  empleados,
  lineas,
  motivosParo,
  obzPaquetes,
  plantas,
  presentaciones,
  productoPresentaciones,
  productos,
  variables,
  velocidadesNominales,
  zwClasificaciones,
} from '../db/schema/index.ts';

/** Database ids of the model's reference keys, for writing the time series. */
export interface ReferenceIds {
  lineaIdByNumero: Map<number, number>;
  variableIdByNombre: Map<string, number>;
  clasificacionIdByDescripcion: Map<string, number>;
  empleadoIdByCodigo: Map<string, number>;
  paqueteIdByNombre: Map<string, number>;
  /**
   * The plant's stop reasons as they are now (the default tree, as an admin has edited it), by
   * "categoria/nombre" as the plant model names them: a reason deleted or renamed is not there.
   */
  motivoByRuta: Map<string, MotivoIds>;
}

export interface MotivoIds {
  id: number;
  clase: ClasePerdida;
  /** Lines it is limited to (their ids); empty: every line. */
  lineaIds: number[];
  codigosFalla: number[];
}

/** The key of a reason in `ReferenceIds.motivoByRuta`. */
export const rutaMotivo = (categoria: string, nombre: string) => `${categoria}/${nombre}`;

/** Writes the plant's reference data; idempotent (existing rows are kept as they are). */
export async function seedReference(db: Db, ref: ReferenceData): Promise<ReferenceIds> {
  await db.transaction(async (tx) => {
    const [planta] = await tx
      .insert(plantas)
      .values({ nombre: ref.planta })
      .onConflictDoUpdate({ target: plantas.nombre, set: { nombre: ref.planta } })
      .returning({ id: plantas.id });
    if (!planta) throw new Error('no se pudo crear la planta');
    await tx
      .insert(lineas)
      .values(
        ref.lineas.map((l) => ({
          nombre: l.nombre,
          numero: l.numero,
          sufijo: l.sufijo,
          plantaId: planta.id,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(productos)
      .values(
        ref.productos.map((p) => ({
          descripcion: p.descripcion,
          imagePrefix: p.imagePrefix,
          imageColor: p.imageColor,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(presentaciones)
      .values(
        ref.presentaciones.map((p) => ({ volumen: p.volumen, unidMedida: p.unidMedida, factor: p.factor })),
      )
      .onConflictDoNothing();

    const productoId = await idMap(tx, sql`select id, descripcion as k from productos`);
    const presentacionId = await idMap(
      tx,
      sql`select id, volumen::float8 || ' ' || unid_medida || ' ' || factor::float8 as k from presentaciones`,
    );
    const presKey = new Map(
      ref.presentaciones.map((p) => [p.key, `${p.volumen} ${p.unidMedida} ${p.factor}`]),
    );
    const productoKey = new Map(ref.productos.map((p) => [p.key, p.descripcion]));
    const ppRows = ref.productoPresentaciones.map((pp) => ({
      productoId: required(productoId.get(productoKey.get(pp.productoKey) ?? ''), pp.productoKey),
      presentacionId: required(presentacionId.get(presKey.get(pp.presentacionKey) ?? ''), pp.presentacionKey),
      numBotellas: pp.numBotellas,
      hmiLinea1Id: pp.hmiLinea1Id,
      hmiLinea2Id: pp.hmiLinea2Id,
      hmiLinea3Id: pp.hmiLinea3Id ?? null,
      hmiLinea4Id: pp.hmiLinea4Id ?? null,
    }));
    await tx.insert(productoPresentaciones).values(ppRows).onConflictDoNothing();

    const lineaId = await idMap(tx, sql`select id, numero::text as k from lineas`);
    const ppId = await idMap(
      tx,
      sql`select id, producto_id || '/' || presentacion_id || '/' || num_botellas as k from producto_presentaciones`,
    );
    const ppKey = new Map(
      ref.productoPresentaciones.map((pp, i) => {
        const row = ppRows[i];
        return [pp.key, `${row?.productoId}/${row?.presentacionId}/${pp.numBotellas}`];
      }),
    );
    await tx
      .insert(velocidadesNominales)
      .values(
        ref.velocidadesNominales.map((v) => ({
          productoPresentacionId: required(
            ppId.get(ppKey.get(v.productoPresentacionKey) ?? ''),
            v.productoPresentacionKey,
          ),
          lineaId: required(lineaId.get(String(v.lineaNumero)), `línea ${v.lineaNumero}`),
          velocidadBotellasMinuto: v.velocidadBotellasMinuto,
          velocidadPaquetesHora: v.velocidadPaquetesHora,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(variables)
      .values(
        ref.variables.map((v) => ({
          nombre: v.nombre,
          estado: 1,
          nivel: v.nivel,
          minimo: v.minimo,
          maximo: v.maximo,
          lineaId:
            v.lineaNumero === null
              ? null
              : required(lineaId.get(String(v.lineaNumero)), `línea ${v.lineaNumero}`),
          area: v.area,
          unidad: v.unidad,
          agregacion: v.agregacion,
          fuente: v.fuente,
          opcNodeId: v.opcNodeId,
          decimales: v.decimales,
          mayorEsMejor: v.mayorEsMejor,
        })),
      )
      .onConflictDoNothing();
    await tx.insert(zwClasificaciones).values(ref.zwClasificaciones).onConflictDoNothing();
    await tx.insert(empleados).values(ref.empleados).onConflictDoNothing();
    await tx.insert(obzPaquetes).values(ref.obzPaquetes).onConflictDoNothing();
  });
  return loadReferenceIds(db);
}

export async function loadReferenceIds(db: Db): Promise<ReferenceIds> {
  const byNumber = await idMap(db, sql`select id, numero::text as k from lineas`);
  return {
    lineaIdByNumero: new Map([...byNumber].map(([k, id]) => [Number(k), id])),
    variableIdByNombre: await idMap(db, sql`select id, nombre as k from variables`),
    clasificacionIdByDescripcion: await idMap(db, sql`select id, descripcion as k from zw_clasificaciones`),
    empleadoIdByCodigo: await idMap(db, sql`select id, codigo as k from empleados`),
    paqueteIdByNombre: await idMap(db, sql`select id, nombre as k from obz_paquetes`),
    motivoByRuta: await motivosPorRuta(db),
  };
}

async function motivosPorRuta(db: Db): Promise<Map<string, MotivoIds>> {
  const rows = await db
    .select({
      id: motivosParo.id,
      categoria: categoriasParo.nombre,
      nombre: motivosParo.nombre,
      clase: motivosParo.clase,
      lineaIds: motivosParo.lineaIds,
      codigosFalla: motivosParo.codigosFalla,
    })
    .from(motivosParo)
    .innerJoin(categoriasParo, eq(categoriasParo.id, motivosParo.categoriaId));
  return new Map(
    rows.map(({ categoria, nombre, ...motivo }) => [rutaMotivo(categoria, nombre), motivo] as const),
  );
}

async function idMap(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<Map<string, number>> {
  const result = (await db.execute(query)) as unknown as { rows: { id: number; k: string }[] };
  return new Map(result.rows.map((r) => [String(r.k), Number(r.id)]));
}

function required(id: number | undefined, what: string): number {
  if (id === undefined) throw new Error(`referencia desconocida en el modelo de planta: ${what}`);
  return id;
}
