import { sql, type SQL } from 'drizzle-orm';
import type { PgArrayType } from '../../db/bulk.ts';
import type { Db } from '../../db/client.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import type { Estado, TipoHoras } from './columnas.ts';
import { CANDADOS } from '../../db/candados.ts';

/** Rows per statement: a handful of array parameters each, so the database is never held long. */
export const LOTE_SQL = 5_000;
/** pg_try_advisory_xact_lock key of the time clock import (one at a time, across servers). */
const LLAVE_IMPORTACION = CANDADOS.importacionRrhh;
export const PUESTO_POR_DEFECTO = 'Sin puesto';

export interface DiaPlan {
  codigo: string;
  fecha: string;
  estado: Estado;
  entrada: string | null;
  salida: string | null;
  /** The overtime types of this day in the file, comma-separated ('' = none). */
  tipos: string;
}
export interface HorasPlan {
  codigo: string;
  fecha: string;
  tipo: TipoHoras;
  horas: number;
  motivo: string;
}
export interface EmpleadoPlan {
  codigo: string;
  nombre: string;
  area: string;
}
/** What an import writes: unique days, unique overtime rows, the employees the file names. */
export interface Plan {
  empleados: EmpleadoPlan[];
  dias: DiaPlan[];
  horas: HorasPlan[];
  /** The file has an overtime column: overtime of its days not in the file is removed. */
  reemplazarHoras: boolean;
}

export interface Conteo {
  nuevas: number;
  actualizadas: number;
  sin_cambios: number;
}
export interface Resumen {
  empleados_nuevos: number;
  asistencias: Conteo;
  horas_extra: Conteo & { eliminadas: number };
}

export class ImportacionOcupadaError extends Error {
  constructor() {
    super('Ya hay una importación de marcaciones en curso. Espere a que termine e inténtelo de nuevo.');
    this.name = 'ImportacionOcupadaError';
  }
}

const arreglo = (valores: unknown[], tipo: PgArrayType): SQL =>
  sql`${sql.param(valores)}::${sql.raw(tipo)}[]`;

async function filas<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

function* lotes<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += LOTE_SQL) yield items.slice(i, i + LOTE_SQL);
}

const unnestDias = (lote: DiaPlan[]) => sql`unnest(
  ${arreglo(
    lote.map((d) => d.codigo),
    'text',
  )}, ${arreglo(
    lote.map((d) => d.fecha),
    'date',
  )}, ${arreglo(
    lote.map((d) => d.estado),
    'text',
  )}, ${arreglo(
    lote.map((d) => d.entrada),
    'time',
  )}, ${arreglo(
    lote.map((d) => d.salida),
    'time',
  )}, ${arreglo(
    lote.map((d) => d.tipos),
    'text',
  )}) as u(codigo, fecha, estado, entrada, salida, tipos)`;

const unnestHoras = (lote: HorasPlan[]) => sql`unnest(
  ${arreglo(
    lote.map((h) => h.codigo),
    'text',
  )}, ${arreglo(
    lote.map((h) => h.fecha),
    'date',
  )}, ${arreglo(
    lote.map((h) => h.tipo),
    'text',
  )}, ${arreglo(
    lote.map((h) => h.horas),
    'float8',
  )}, ${arreglo(
    lote.map((h) => h.motivo),
    'text',
  )}) as u(codigo, fecha, tipo, horas, motivo)`;

/** The database side of the time clock import: what a file would change, and applying it. */
export class RrhhImportacionRepository {
  constructor(private readonly db: Db) {}

  /** Counts what applying `plan` would do, writing nothing. */
  contar(plan: Plan): Promise<Resumen> {
    return contarCon(this.db, plan);
  }

  /**
   * Applies the plan in one transaction (all or nothing) under an advisory lock (a second import
   * at the same time gets ImportacionOcupadaError), with the audit entry; returns the counts.
   */
  aplicar(
    plan: Plan,
    auditoria: { actorId: number; ip: string | null; archivo: string; filas: number },
  ): Promise<Resumen> {
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [lock] = await filas<{ ok: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${LLAVE_IMPORTACION}::int) as ok`,
      );
      if (!lock?.ok) throw new ImportacionOcupadaError();
      // Each statement counts what it changed: rows inserted have xmax = 0, rows updated do not,
      // rows left alone (the WHERE of DO UPDATE) are not returned at all.
      const resumen: Resumen = {
        empleados_nuevos: 0,
        asistencias: { nuevas: 0, actualizadas: 0, sin_cambios: 0 },
        horas_extra: { nuevas: 0, actualizadas: 0, sin_cambios: 0, eliminadas: 0 },
      };
      const sumar = (
        conteo: Conteo,
        total: number,
        r: { nuevas: unknown; actualizadas: unknown } | undefined,
      ) => {
        const nuevas = Number(r?.nuevas ?? 0);
        const actualizadas = Number(r?.actualizadas ?? 0);
        conteo.nuevas += nuevas;
        conteo.actualizadas += actualizadas;
        conteo.sin_cambios += total - nuevas - actualizadas;
      };

      for (const lote of lotes(plan.empleados)) {
        const [r] = await filas<{ n: unknown }>(
          tx,
          sql`with i as (
                insert into empleados (codigo, nombre, area, puesto, activo)
                select u.codigo, u.nombre, u.area, ${PUESTO_POR_DEFECTO}, true
                from unnest(${arreglo(
                  lote.map((e) => e.codigo),
                  'text',
                )}, ${arreglo(
                  lote.map((e) => e.nombre),
                  'text',
                )}, ${arreglo(
                  lote.map((e) => e.area),
                  'text',
                )}) as u(codigo, nombre, area)
                on conflict (codigo) do nothing
                returning 1)
              select count(*) as n from i`,
        );
        resumen.empleados_nuevos += Number(r?.n ?? 0);
      }

      for (const lote of lotes(plan.dias)) {
        const [r] = await filas<{ nuevas: unknown; actualizadas: unknown }>(
          tx,
          sql`with w as (
                insert into asistencias (empleado_id, fecha, estado, entrada, salida)
                select e.id, u.fecha, u.estado, u.entrada, u.salida
                from ${unnestDias(lote)} join empleados e on e.codigo = u.codigo
                on conflict (empleado_id, fecha) do update
                  set estado = excluded.estado, entrada = excluded.entrada, salida = excluded.salida
                  where (asistencias.estado, asistencias.entrada, asistencias.salida)
                    is distinct from (excluded.estado, excluded.entrada, excluded.salida)
                returning (xmax = 0) as nueva)
              select count(*) filter (where nueva) as nuevas, count(*) filter (where not nueva) as actualizadas from w`,
        );
        sumar(resumen.asistencias, lote.length, r);
      }
      if (plan.reemplazarHoras) {
        for (const lote of lotes(plan.dias)) {
          const [r] = await filas<{ n: unknown }>(
            tx,
            sql`with d as (
                  delete from horas_extra h
                  using ${unnestDias(lote)}, empleados e
                  where e.codigo = u.codigo and h.empleado_id = e.id and h.fecha = u.fecha
                    and not (h.tipo = any(string_to_array(u.tipos, ',')))
                  returning 1)
                select count(*) as n from d`,
          );
          resumen.horas_extra.eliminadas += Number(r?.n ?? 0);
        }
      }
      for (const lote of lotes(plan.horas)) {
        const [r] = await filas<{ nuevas: unknown; actualizadas: unknown }>(
          tx,
          sql`with w as (
                insert into horas_extra (empleado_id, fecha, tipo, horas, motivo)
                select e.id, u.fecha, u.tipo, u.horas, u.motivo
                from ${unnestHoras(lote)} join empleados e on e.codigo = u.codigo
                on conflict (empleado_id, fecha, tipo) do update
                  set horas = excluded.horas, motivo = excluded.motivo
                  where (horas_extra.horas, horas_extra.motivo) is distinct from (excluded.horas, excluded.motivo)
                returning (xmax = 0) as nueva)
              select count(*) filter (where nueva) as nuevas, count(*) filter (where not nueva) as actualizadas from w`,
        );
        sumar(resumen.horas_extra, lote.length, r);
      }

      await new AuditRepository(tx).record({
        action: 'rrhh_importacion',
        actorId: auditoria.actorId,
        targetType: 'importacion_reloj',
        targetId: auditoria.archivo,
        ip: auditoria.ip,
        details: { archivo: auditoria.archivo, filas: auditoria.filas, ...resumen },
      });
      return resumen;
    });
  }
}

async function contarCon(db: Db, plan: Plan): Promise<Resumen> {
  let empleadosNuevos = 0;
  for (const lote of lotes(plan.empleados)) {
    const [r] = await filas<{ n: number | string }>(
      db,
      sql`select count(*) as n from unnest(${arreglo(
        lote.map((e) => e.codigo),
        'text',
      )}) as u(codigo) where not exists (select 1 from empleados e where e.codigo = u.codigo)`,
    );
    empleadosNuevos += Number(r?.n ?? 0);
  }

  const asistencias: Conteo = { nuevas: 0, actualizadas: 0, sin_cambios: 0 };
  let eliminadas = 0;
  for (const lote of lotes(plan.dias)) {
    const [r] = await filas<{ nuevas: number | string; actualizadas: number | string }>(
      db,
      sql`select count(*) filter (where a.id is null) as nuevas,
            count(*) filter (where a.id is not null and (a.estado, a.entrada, a.salida)
              is distinct from (u.estado, u.entrada, u.salida)) as actualizadas
          from ${unnestDias(lote)}
          left join empleados e on e.codigo = u.codigo
          left join asistencias a on a.empleado_id = e.id and a.fecha = u.fecha`,
    );
    const nuevas = Number(r?.nuevas ?? 0);
    const actualizadas = Number(r?.actualizadas ?? 0);
    asistencias.nuevas += nuevas;
    asistencias.actualizadas += actualizadas;
    asistencias.sin_cambios += lote.length - nuevas - actualizadas;
    if (plan.reemplazarHoras) {
      const [d] = await filas<{ n: number | string }>(
        db,
        sql`select count(*) as n from ${unnestDias(lote)}
            join empleados e on e.codigo = u.codigo
            join horas_extra h on h.empleado_id = e.id and h.fecha = u.fecha
            where not (h.tipo = any(string_to_array(u.tipos, ',')))`,
      );
      eliminadas += Number(d?.n ?? 0);
    }
  }

  const horas: Conteo & { eliminadas: number } = { nuevas: 0, actualizadas: 0, sin_cambios: 0, eliminadas };
  for (const lote of lotes(plan.horas)) {
    const [r] = await filas<{ nuevas: number | string; actualizadas: number | string }>(
      db,
      sql`select count(*) filter (where h.id is null) as nuevas,
            count(*) filter (where h.id is not null and (h.horas, h.motivo)
              is distinct from (u.horas, u.motivo)) as actualizadas
          from ${unnestHoras(lote)}
          left join empleados e on e.codigo = u.codigo
          left join horas_extra h on h.empleado_id = e.id and h.fecha = u.fecha and h.tipo = u.tipo`,
    );
    const nuevas = Number(r?.nuevas ?? 0);
    const actualizadas = Number(r?.actualizadas ?? 0);
    horas.nuevas += nuevas;
    horas.actualizadas += actualizadas;
    horas.sin_cambios += lote.length - nuevas - actualizadas;
  }
  return { empleados_nuevos: empleadosNuevos, asistencias, horas_extra: horas };
}
