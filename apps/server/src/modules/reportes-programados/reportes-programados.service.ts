import fs from 'node:fs/promises';
import path from 'node:path';
import { canAccess, findRoute, reportePorTurno, RUTAS_REPORTE_POR_TURNO } from '@planta/domain';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { carpetaPrivada, escribirArchivoPrivado } from '../../archivos-privados.ts';
import type { Db } from '../../db/client.ts';
import {
  ejecucionesReporte,
  lineas,
  reportesProgramados,
  turnosHorario,
  users,
} from '../../db/schema/index.ts';
import { AppError, badInput, notFound } from '../../errors.ts';
import { encolarCorreos } from '../../mail/correo.ts';
import { id, parseId, parseInput, requiredText } from '../../validation.ts';
import { versionConflict } from '../audit/cambios.ts';
import { type Autor, escribirConfiguracion, escrito } from '../audit/escritura.ts';
import type { ClientInfo, Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { rolesOf, userRecordQuery } from '../users/user-record.ts';
import { strictInput } from '../../service-helpers.ts';
import { periodoDe, type Programa, proximo, slotVencido, type TurnoPrograma } from './programacion.ts';

type Row = typeof reportesProgramados.$inferSelect;
const NO_EXISTE = 'El reporte programado no existe';
/** A sent report's PDF is kept this long (its e-mail's retries end within about 3 h). */
export const CONSERVAR_PDF_MS = 7 * 86_400_000;
const DIR = 'reportes-programados';

/** What makes a screen's PDF (InformesService.renderizar). */
export interface Renderizador {
  renderizar(
    viewer: Viewer,
    ruta: string,
    parametros: Record<string, string>,
    opciones?: { programadoPor?: string },
  ): Promise<{ titulo: string; periodo: string; archivo: string; bytes: Buffer }>;
}

const entero = (field: string, min: number, max: number) =>
  z
    .number({ error: `El campo "${field}" debe ser un número entero` })
    .int(`El campo "${field}" debe ser un número entero`)
    .min(min, `El campo "${field}" debe estar entre ${min} y ${max}`)
    .max(max, `El campo "${field}" debe estar entre ${min} y ${max}`);

const schema = strictInput({
  nombre: requiredText('nombre', 120),
  ruta: z.string({ error: 'El campo "ruta" es obligatorio' }).trim().max(200),
  periodicidad: z.enum(['DIARIA', 'SEMANAL', 'MENSUAL', 'TURNO'], {
    error: 'El campo "periodicidad" debe ser DIARIA, SEMANAL, MENSUAL o TURNO',
  }),
  hora: z
    .string({ error: 'El campo "hora" es obligatorio' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'El campo "hora" debe ser una hora HH:MM (00:00 a 23:59)')
    .nullish(),
  dia_semana: entero('dia_semana', 1, 7).nullish(),
  dia_mes: entero('dia_mes', 1, 28).nullish(),
  linea: entero('linea', 1, 32_767).nullish(),
  destinatarios: z
    .array(
      z
        .email({ error: 'El campo "destinatarios" tiene una dirección de correo no válida' })
        .trim()
        .toLowerCase(),
    )
    .min(1, 'Escriba al menos un destinatario')
    .max(50, 'El campo "destinatarios" admite como máximo 50 direcciones'),
  activo: z.boolean({ error: 'El campo "activo" debe ser verdadero o falso' }),
  version: z.number().int().min(1).nullish(),
}).superRefine((r, ctx) => {
  if (r.periodicidad !== 'TURNO' && !r.hora)
    ctx.addIssue({ code: 'custom', path: ['hora'], message: 'El campo "hora" es obligatorio' });
  if (r.periodicidad === 'SEMANAL' && !r.dia_semana)
    ctx.addIssue({ code: 'custom', path: ['dia_semana'], message: 'Elija el día de la semana del envío' });
  if (r.periodicidad === 'MENSUAL' && !r.dia_mes)
    ctx.addIssue({ code: 'custom', path: ['dia_mes'], message: 'Elija el día del mes del envío (1 a 28)' });
});

/** A schedule as programacion.ts reads it; TURNO with the plant's shifts as they are now. */
const programa = (r: Row, turnos: readonly TurnoPrograma[]): Programa =>
  r.periodicidad === 'TURNO'
    ? { periodicidad: 'TURNO', turnos }
    : { periodicidad: r.periodicidad, hora: r.hora ?? '08:00', diaSemana: r.diaSemana, diaMes: r.diaMes };

/** The titles of the screens a report may be sent of at each shift's end. */
const PANTALLAS_POR_TURNO = RUTAS_REPORTE_POR_TURNO.map((ruta) => `«${findRoute(ruta)?.title ?? ruta}»`).join(
  ', ',
);

export class ReportesProgramadosService {
  constructor(
    private readonly db: Db,
    private readonly options: {
      timeZone: string;
      dataDir: string;
      informes: Renderizador;
      /** Whether SMTP_URL is set (without it nothing can be sent). */
      correoActivo: () => boolean;
      logger?: { warn(obj: object, msg: string): void };
    },
  ) {}

  private ultimoBarrido = 0;

  /** Removes the PDFs older than CONSERVAR_PDF_MS (at most once an hour). */
  private async barrer(ahora: Date): Promise<void> {
    if (ahora.getTime() - this.ultimoBarrido < 3_600_000) return;
    this.ultimoBarrido = ahora.getTime();
    const dir = path.join(this.options.dataDir, DIR);
    const nombres = await fs.readdir(dir).catch(() => [] as string[]);
    for (const nombre of nombres) {
      const archivo = path.join(dir, nombre);
      const info = await fs.stat(archivo).catch(() => null);
      if (info && ahora.getTime() - info.mtimeMs > CONSERVAR_PDF_MS) await fs.rm(archivo, { force: true });
    }
  }

  /** The plant's shifts, in the order of the production day. */
  private turnos(): Promise<TurnoPrograma[]> {
    return this.db
      .select({
        numero: turnosHorario.numero,
        nombre: turnosHorario.nombre,
        inicio: sql<string>`to_char(${turnosHorario.inicio}, 'HH24:MI')`,
        fin: sql<string>`to_char(${turnosHorario.fin}, 'HH24:MI')`,
      })
      .from(turnosHorario)
      .orderBy(asc(turnosHorario.numero));
  }

  private api(r: Row, turnos: readonly TurnoPrograma[], ahora = new Date()) {
    return {
      id: r.id,
      nombre: r.nombre,
      ruta: r.ruta,
      pantalla: findRoute(r.ruta)?.title ?? r.ruta,
      periodicidad: r.periodicidad,
      hora: r.hora,
      dia_semana: r.diaSemana,
      dia_mes: r.diaMes,
      linea: r.linea,
      destinatarios: r.destinatarios,
      activo: r.activo,
      proximo_envio: r.activo ? proximo(programa(r, turnos), this.options.timeZone, ahora) : null,
      version: r.version,
    };
  }

  async listar(viewer: Viewer) {
    requireAdmin(viewer);
    const [rows, turnos] = await Promise.all([
      this.db.select().from(reportesProgramados).orderBy(reportesProgramados.nombre),
      this.turnos(),
    ]);
    return rows.map((r) => this.api(r, turnos));
  }

  /**
   * Validates the input. A report is made with the permissions of whoever saves it (creating or
   * editing it): saving a report of a screen the saver may not open is refused. TURNO and a line
   * only for the screens whose PDF reads one shift and one line.
   */
  private async valores(viewer: Viewer, input: unknown) {
    const r = parseInput(schema, input);
    const route = findRoute(r.ruta);
    if (!route)
      throw badInput(`El campo "ruta" no es una pantalla de la aplicación: ${r.ruta.slice(0, 60)}`, 'ruta');
    if (!route.reportButton) throw badInput(`La pantalla «${route.title}» no tiene reporte en PDF`, 'ruta');
    if (!canAccess(viewer, route.access))
      throw new AppError(
        'FORBIDDEN',
        `El campo "ruta" es una pantalla que usted no puede abrir: «${route.title}» requiere ${
          route.access === 'human-resources' ? 'el permiso de recursos humanos' : 'el rol admin'
        }`,
        { field: 'ruta' },
      );
    if (r.periodicidad === 'TURNO' && !reportePorTurno(route.path))
      throw badInput(
        `La periodicidad «al cierre de cada turno» es solo para ${PANTALLAS_POR_TURNO}: el reporte de «${route.title}» no se hace por turno`,
        'periodicidad',
      );
    if (r.linea != null) {
      if (!reportePorTurno(route.path))
        throw badInput(`El campo "linea" es solo para ${PANTALLAS_POR_TURNO}`, 'linea');
      const [linea] = await this.db
        .select({ numero: lineas.numero })
        .from(lineas)
        .where(and(eq(lineas.numero, r.linea), gt(lineas.numero, 0)));
      if (!linea) throw badInput('El campo "linea" no es una línea de producción', 'linea');
    }
    return {
      version: r.version ?? undefined,
      values: {
        nombre: r.nombre,
        ruta: route.path,
        periodicidad: r.periodicidad,
        hora: r.periodicidad === 'TURNO' ? null : (r.hora ?? null),
        diaSemana: r.periodicidad === 'SEMANAL' ? (r.dia_semana ?? null) : null,
        diaMes: r.periodicidad === 'MENSUAL' ? (r.dia_mes ?? null) : null,
        linea: r.linea ?? null,
        destinatarios: [...new Set(r.destinatarios)],
        activo: r.activo,
      },
    };
  }

  async crear(viewer: Viewer, input: unknown, client?: ClientInfo) {
    requireAdmin(viewer);
    const { values } = await this.valores(viewer, input);
    const row = await this.escribir({ viewer, client }, null, undefined, async (t) => {
      const [creado] = await t
        .insert(reportesProgramados)
        .values({ ...values, creadoPor: viewer.id })
        .returning();
      return escrito(creado!);
    });
    return this.api(row!, await this.turnos());
  }

  async actualizar(viewer: Viewer, rawId: unknown, input: unknown, client?: ClientInfo) {
    requireAdmin(viewer);
    const reporteId = parseId(rawId);
    const { values, version } = await this.valores(viewer, input);
    const row = await this.escribir({ viewer, client }, reporteId, version, async (t) => {
      const [despues] = await t
        .update(reportesProgramados)
        // Whoever saves it last is whom it is made as (and named in its PDF).
        .set({ ...values, creadoPor: viewer.id, version: sql`${reportesProgramados.version} + 1` })
        .where(eq(reportesProgramados.id, reporteId))
        .returning();
      if (!despues) throw versionConflict();
      return { id: reporteId, despues };
    });
    return this.api(row!, await this.turnos());
  }

  async eliminar(viewer: Viewer, rawId: unknown, rawVersion: unknown, client?: ClientInfo) {
    requireAdmin(viewer);
    const reporteId = parseId(rawId);
    const version =
      rawVersion == null ? undefined : parseInput(z.object({ v: z.number().int() }), { v: rawVersion }).v;
    await this.escribir({ viewer, client }, reporteId, version, async (t) => {
      await t.delete(reportesProgramados).where(eq(reportesProgramados.id, reporteId));
      return { id: reporteId, despues: null };
    });
    return true;
  }

  /**
   * A report's write in its transaction through the configuration write path: `reporteId` null
   * creates; else the report is locked and its version checked. Returns the report as written.
   */
  private escribir(
    autor: Autor,
    reporteId: number | null,
    version: number | null | undefined,
    aplicar: (t: Db) => Promise<{ id: number; despues: Row | null }>,
  ): Promise<Row | null> {
    return this.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const { despues } = await escribirConfiguracion<Row, Row>(t, {
        autor,
        entidad: 'reportes_programados',
        bloquear:
          reporteId === null
            ? undefined
            : async () => {
                const [antes] = await t
                  .select()
                  .from(reportesProgramados)
                  .where(eq(reportesProgramados.id, reporteId))
                  .for('update');
                return antes;
              },
        noExiste: NO_EXISTE,
        version,
        aplicar: () => aplicar(t),
      });
      return despues;
    });
  }

  async ejecuciones(viewer: Viewer, args: { reporte_id?: unknown; limit?: unknown }) {
    requireAdmin(viewer);
    const f = parseInput(
      z.object({ reporte_id: id('reporte_id').nullish(), limit: z.number().int().min(1).max(200).nullish() }),
      args,
    );
    const rows = await this.db
      .select()
      .from(ejecucionesReporte)
      .where(f.reporte_id ? eq(ejecucionesReporte.programadoId, f.reporte_id) : undefined)
      .orderBy(desc(ejecucionesReporte.id))
      .limit(f.limit ?? 50);
    return rows.map(ejecucionApi);
  }

  /** Send now (admin): the period the next scheduled run would cover, made as this admin. */
  async enviarAhora(viewer: Viewer, rawId: unknown) {
    requireAdmin(viewer);
    const [row] = await this.db
      .select()
      .from(reportesProgramados)
      .where(eq(reportesProgramados.id, parseId(rawId)));
    if (!row) throw notFound(NO_EXISTE);
    const [ejecucion] = await this.db
      .insert(ejecucionesReporte)
      .values({ programadoId: row.id, programadaPara: null, estado: 'EN_PROCESO' })
      .returning();
    const programador = await this.programador(row);
    return ejecucionApi(
      await this.ejecutar(
        row,
        programa(row, await this.turnos()),
        ejecucion!.id,
        new Date(),
        viewer,
        programador?.name ?? viewer.name,
      ),
    );
  }

  /** Who last saved the report (null: that user was removed). */
  private async programador(row: Row) {
    if (!row.creadoPor) return undefined;
    return (await userRecordQuery(this.db).where(eq(users.id, row.creadoPor)))[0];
  }

  /**
   * The scheduler's pass: every active report whose slot is due and has no run yet is claimed (the
   * run log's unique index: once across servers and restarts), made and queued to the outbox.
   */
  async pasada(ahora = new Date()): Promise<number> {
    await this.barrer(ahora);
    const activos = await this.db
      .select()
      .from(reportesProgramados)
      .where(eq(reportesProgramados.activo, true));
    const turnos = activos.some((r) => r.periodicidad === 'TURNO') ? await this.turnos() : [];
    let hechos = 0;
    for (const row of activos) {
      const prog = programa(row, turnos);
      const slot = slotVencido(prog, this.options.timeZone, ahora, row.createdAt);
      if (!slot) continue;
      const [ejecucion] = await this.db
        .insert(ejecucionesReporte)
        .values({ programadoId: row.id, programadaPara: slot, estado: 'EN_PROCESO' })
        .onConflictDoNothing()
        .returning();
      if (!ejecucion) continue;
      // Made as whoever saved it last, with that user's permissions today.
      const creador = await this.programador(row);
      const viewer: Viewer | undefined =
        creador && !creador.deletedAt
          ? { ...creador, sessionId: 'programado', roles: rolesOf(creador) }
          : undefined;
      await this.ejecutar(row, prog, ejecucion.id, slot, viewer, creador?.name);
      hechos += 1;
    }
    return hechos;
  }

  private async ejecutar(
    row: Row,
    prog: Programa,
    ejecucionId: number,
    slot: Date,
    viewer: Viewer | undefined,
    programadoPor: string | undefined,
  ) {
    const terminar = async (values: Partial<typeof ejecucionesReporte.$inferInsert>) => {
      const [fin] = await this.db
        .update(ejecucionesReporte)
        .set({ ...values, terminadaAt: new Date() })
        .where(eq(ejecucionesReporte.id, ejecucionId))
        .returning();
      return fin!;
    };
    try {
      if (!this.options.correoActivo())
        throw new Error('El correo no está configurado (SMTP_URL): el reporte no se puede enviar');
      if (!viewer) throw new Error('El usuario que programó el reporte ya no existe: prográmelo de nuevo');
      const pdf = await this.options.informes.renderizar(
        viewer,
        row.ruta,
        {
          ...periodoDe(prog, slot, this.options.timeZone),
          ...(row.linea != null ? { linea: String(row.linea) } : {}),
        },
        { programadoPor },
      );
      const dir = path.join(this.options.dataDir, DIR);
      await carpetaPrivada(dir);
      const nombre = pdf.archivo.toLowerCase().endsWith('.pdf') ? pdf.archivo : `${pdf.archivo}.pdf`;
      const archivo = path.join(dir, `${ejecucionId}-${nombre}`);
      await escribirArchivoPrivado(`${archivo}.tmp`, pdf.bytes);
      await fs.rename(`${archivo}.tmp`, archivo);
      const cola = await encolarCorreos(
        this.db,
        row.destinatarios.map((destinatario) => ({
          destinatario,
          motivo: `reporte:${ejecucionId}`,
          asunto: `[Planta] ${row.nombre}: ${pdf.titulo}`,
          texto: [
            `Adjunto el reporte «${pdf.titulo}» (${pdf.periodo}).`,
            '',
            `Reporte programado «${row.nombre}» de Planta.`,
          ].join('\n'),
          adjuntos: [{ filename: nombre, contentType: 'application/pdf', path: archivo }],
        })),
      );
      return await terminar({ estado: 'ENVIADO', archivo: nombre, destinatarios: cola });
    } catch (error) {
      this.options.logger?.warn({ err: error, reporte: row.id }, 'no se pudo hacer el reporte programado');
      return terminar({ estado: 'ERROR', error: (error as Error).message.slice(0, 500) });
    }
  }
}

function ejecucionApi(e: typeof ejecucionesReporte.$inferSelect) {
  return {
    id: e.id,
    reporte_id: e.programadoId,
    programada_para: e.programadaPara,
    estado: e.estado,
    archivo: e.archivo,
    destinatarios: e.destinatarios,
    error: e.error,
    creada: e.createdAt,
    terminada: e.terminadaAt,
  };
}
