import {
  claseDeTipoParo,
  fechaHoraPlanta,
  isAdmin,
  isOperador,
  MAX_TURNOS_HORARIO,
  productionDay,
  productionDayRange,
  tipoDeClase,
  type TurnoDelDia,
  turnoDeInstante,
  turnosDelDia,
} from '@planta/domain';
import { z } from 'zod';
import { badInput, conflict, forbidden } from '../../errors.ts';
import { parseDayRange } from '../../time-range.ts';
import { calendarDate, id, parseId, parseInput, requiredText } from '../../validation.ts';
import { type Autor, escribirConfiguracion, type EscrituraConfig } from '../audit/escritura.ts';
import type { Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { ClientInfo } from '../auth/auth.service.ts';
import { toMotivoParoDto } from '../motivos-paro/motivos-paro.dto.ts';
import type {
  LineaRecord,
  ManualRecord,
  ParoRecord,
  ParosRepository,
  ParoValues,
  TipoParo,
  Tramo,
  TurnoRecord,
} from './paros.repository.ts';

/** A stop changed (its line's subscribers read it again): hub.publishParo. */
export type PublicarParo = (cambio: { linea_id: number; paro_id: number }) => void;

/** Longest range the paros list reads at once, in production days. */
export const MAX_PAROS_DIAS = 31;
/** Longest paro accepted: a longer stop is a typo (or several stops). */
export const MAX_PARO_MINUTOS = 24 * 60;
export const MAX_POR_PAGINA = 100;
/** Longest range of the hand-entered MTTR/MTTF list. */
export const MAX_MANUALES_DIAS = 366;
/** Highest MTTR or MTTF of one day, minutes. */
export const MAX_MTTR_MTTF = 1440;
/** Most stops parosTurno answers (a shift of micro-stops every minute stays under it). */
export const MAX_PAROS_TURNO = 500;
/** Longest comment given with a reason. */
export const MAX_COMENTARIO = 500;
/** Where a split's second part, without a reason, says so (as the collector writes such a stop). */
const SIN_MOTIVO = 'Sin motivo';
export const TURNO_CERRADO = 'El turno ya cerró: solo un administrador puede cambiar el motivo';

export const TIPOS_PARO = ['FALLA', 'MICROPARO', 'CAMBIO_FORMATO', 'CIP', 'PLANIFICADO'] as const;

const version = z
  .number({ error: 'El campo "version" debe ser un número entero' })
  .int('El campo "version" debe ser un número entero')
  .min(1, 'El campo "version" debe ser un número entero positivo')
  .max(2_147_483_647, 'El campo "version" no es válido')
  .nullish();

const instante = (field: string) =>
  z
    .date({ error: `El campo "${field}" debe ser una fecha y hora` })
    .refine((d) => d.getUTCFullYear() >= 2000, `El campo "${field}" debe ser posterior al año 2000`);

const paroFields = {
  linea_id: id('linea_id'),
  inicio: instante('inicio'),
  fin: instante('fin'),
  equipo: requiredText('equipo', 120),
  causa: requiredText('causa', 200),
  tipo: z.enum(TIPOS_PARO, {
    error: 'El campo "tipo" debe ser FALLA, MICROPARO, CAMBIO_FORMATO, CIP o PLANIFICADO',
  }),
};
const createSchema = z.strictObject(paroFields);
const updateSchema = z.strictObject({ ...paroFields, version });

const listSchema = z.object({
  linea_id: id('linea_id').nullish(),
  pagina: z
    .number({ error: 'El campo "pagina" debe ser un número entero' })
    .int('El campo "pagina" debe ser un número entero')
    .min(0, 'El campo "pagina" no puede ser negativo')
    .max(100_000, 'El campo "pagina" es demasiado grande')
    .nullish(),
  por_pagina: z
    .number({ error: 'El campo "por_pagina" debe ser un número entero' })
    .int('El campo "por_pagina" debe ser un número entero')
    .min(1, `El campo "por_pagina" debe estar entre 1 y ${MAX_POR_PAGINA}`)
    .max(MAX_POR_PAGINA, `El campo "por_pagina" debe estar entre 1 y ${MAX_POR_PAGINA}`)
    .nullish(),
});

const minutos = (field: string) =>
  z
    .number({ error: `El campo "${field}" debe ser un número` })
    .min(0, `El campo "${field}" no puede ser negativo`)
    .max(MAX_MTTR_MTTF, `El campo "${field}" no puede superar ${MAX_MTTR_MTTF} minutos`);

const manualSchema = z.strictObject({
  linea_id: id('linea_id'),
  fecha: calendarDate('fecha'),
  mttr: minutos('mttr'),
  mttf: minutos('mttf'),
  version,
});
const versionRequerida = z
  .number({ error: 'El campo "version" es obligatorio: la versión leída del paro' })
  .int('El campo "version" debe ser un número entero')
  .min(1, 'El campo "version" debe ser un número entero positivo')
  .max(2_147_483_647, 'El campo "version" no es válido');

const parosTurnoSchema = z.object({
  linea_id: id('linea_id'),
  fecha: calendarDate('fecha').nullish(),
  turno: z
    .number({ error: 'El campo "turno" debe ser un número de turno' })
    .int('El campo "turno" debe ser un número de turno')
    .min(1, `El campo "turno" debe estar entre 1 y ${MAX_TURNOS_HORARIO}`)
    .max(MAX_TURNOS_HORARIO, `El campo "turno" debe estar entre 1 y ${MAX_TURNOS_HORARIO}`)
    .nullish(),
});

const asignarMotivoSchema = z.strictObject({
  paro_id: id('paro_id'),
  motivo_id: id('motivo_id'),
  comentario: z
    .string({ error: 'El campo "comentario" debe ser un texto' })
    .trim()
    .max(MAX_COMENTARIO, `El campo "comentario" admite como máximo ${MAX_COMENTARIO} caracteres`)
    .nullish(),
  version: versionRequerida,
});

const dividirSchema = z.strictObject({
  paro_id: id('paro_id'),
  en: instante('en'),
  version: versionRequerida,
});

const manualKeySchema = z.object({ linea_id: id('linea_id'), fecha: calendarDate('fecha'), version });

/** What the API shows of a paro (and what the audit keeps before/after). */
export function toParoDto(row: ParoRecord, now = Date.now()) {
  return {
    id: row.id,
    linea_id: row.lineaId,
    linea: row.linea,
    linea_nombre: row.lineaNombre,
    inicio: row.inicio.toISOString(),
    fin: row.fin?.toISOString() ?? null,
    minutos: Math.round((((row.fin?.getTime() ?? now) - row.inicio.getTime()) / 60_000) * 100) / 100,
    equipo: row.equipo,
    causa: row.causa,
    tipo: row.tipo,
    origen: row.origen,
    clase: row.clase ?? claseDeTipoParo(row.tipo),
    motivo: row.motivo && toMotivoParoDto(row.motivo),
    comentario: row.comentario,
    codigo_falla: row.codigoFalla,
    motivo_por: row.motivoPor,
    motivo_en: row.motivoEn?.toISOString() ?? null,
    version: row.version,
  };
}

export function toManualDto(row: ManualRecord) {
  return {
    linea_id: row.lineaId,
    linea: row.linea,
    linea_nombre: row.lineaNombre,
    fecha: row.fecha,
    mttr: row.mttr,
    mttf: row.mttf,
    version: row.version,
  };
}

export type ParoDto = ReturnType<typeof toParoDto>;
export type ManualDto = ReturnType<typeof toManualDto>;

/**
 * Downtime events entered or corrected by maintenance, and MTTR/MTTF entered by hand (issue 16,
 * /configuracion/mttr-mttf). Every write is admin-only, audited, refused on a stale version, and
 * re-derives the production days it touches with deriveProductionDay (the daily MTTR/MTTF
 * variables, efficiencies, mensual/anual), so /mantenimiento and /fabrica follow at once.
 */
export class ParosService {
  constructor(
    private readonly repo: ParosRepository,
    private readonly tz: string,
    private readonly now: () => number = Date.now,
    /** After a commit: the stop's line hears of it (live/hub.ts publishParo). */
    private readonly publicar: PublicarParo = () => {},
  ) {}

  private fechaHora(d: Date): string {
    return fechaHoraPlanta(d, this.tz);
  }

  /** The production days [inicio, fin) touches (a paro of ≤ 24 h touches at most three; an open one up to now). */
  private diasDe(inicio: Date, fin: Date | null): string[] {
    fin ??= new Date(Math.max(this.now(), inicio.getTime() + 1));
    const days = [productionDay(inicio, this.tz)];
    for (;;) {
      const { end } = productionDayRange(days[days.length - 1]!, this.tz);
      if (end.getTime() >= fin.getTime()) return days;
      days.push(productionDay(end, this.tz));
    }
  }

  async list(viewer: Viewer, args: Record<string, unknown>) {
    requireAdmin(viewer);
    const { desde, hasta } = parseDayRange(args.desde, args.hasta, MAX_PAROS_DIAS - 1);
    const { linea_id, pagina, por_pagina } = parseInput(listSchema, {
      linea_id: args.linea_id ?? null,
      pagina: args.pagina ?? null,
      por_pagina: args.por_pagina ?? null,
    });
    const limit = por_pagina ?? 25;
    const { total, items } = await this.repo.listParos(
      productionDayRange(desde, this.tz).start,
      productionDayRange(hasta, this.tz).end,
      linea_id ?? null,
      (pagina ?? 0) * limit,
      limit,
    );
    return { total, items: items.map(toParoDto) };
  }

  /**
   * Every stop that starts within one of `tramos` (a range of production days, or one shift on
   * each of them), of one line or all, oldest first, read a page at a time (an export's rows: the
   * caller checked who asks and the range).
   */
  async *recorrer(
    tramos: readonly Tramo[],
    lineaId: number | null,
    pagina = 1000,
  ): AsyncGenerator<ParoRecord> {
    let despues: ParoRecord | undefined;
    for (;;) {
      const filas = await this.repo.parosEnTramos(tramos, lineaId, despues ?? null, pagina);
      yield* filas;
      if (filas.length < pagina) return;
      despues = filas[filas.length - 1];
    }
  }

  /** How many stops `recorrer` walks over. */
  contar(tramos: readonly Tramo[], lineaId: number | null): Promise<number> {
    return this.repo.contarEnTramos(tramos, lineaId);
  }

  /** Checks a paro's values: the line exists, fin after inicio, not in the future, at most 24 h. */
  private async check(
    repo: ParosRepository,
    data: z.infer<typeof createSchema>,
  ): Promise<{ linea: LineaRecord; values: ParoValues }> {
    const linea = await repo.findLinea(data.linea_id);
    if (!linea) throw badInput('El campo "linea_id" no es una línea de producción', 'linea_id');
    if (data.fin.getTime() <= data.inicio.getTime()) {
      throw badInput('El campo "fin" debe ser posterior a "inicio"', 'fin');
    }
    if (data.fin.getTime() > this.now() + 60_000) {
      throw badInput('El campo "fin" no puede estar en el futuro', 'fin');
    }
    if (data.fin.getTime() - data.inicio.getTime() > MAX_PARO_MINUTOS * 60_000) {
      throw badInput(
        `El campo "fin" está a más de 24 horas de "inicio": un paro dura como máximo ${MAX_PARO_MINUTOS} minutos (regístrelo en varios paros)`,
        'fin',
      );
    }
    return {
      linea,
      values: {
        lineaId: linea.id,
        inicio: data.inicio,
        fin: data.fin,
        equipo: data.equipo,
        causa: data.causa,
        tipo: data.tipo as TipoParo,
      },
    };
  }

  private async refuseOverlap(
    repo: ParosRepository,
    values: ParoValues,
    linea: LineaRecord,
    exceptId: number | null,
  ) {
    const other = await repo.overlapping(values.lineaId, values.inicio, values.fin, exceptId);
    if (other) {
      throw conflict(
        `El paro se superpone con otro paro de ${linea.nombre} (${other.tipo}, ${this.fechaHora(other.inicio)} – ${other.fin ? this.fechaHora(other.fin) : 'en curso'}): corrija "inicio" o "fin"`,
        'inicio',
      );
    }
  }

  private async rederive(repo: ParosRepository, lineas: readonly LineaRecord[], dias: readonly string[]) {
    const ids: number[] = [];
    for (const linea of lineas) {
      const vars = await repo.maintenanceVariables(linea);
      for (const v of [vars.mttr, vars.mttf]) if (v !== undefined && !ids.includes(v)) ids.push(v);
    }
    await repo.rederive(dias, ids, this.tz);
  }

  async create(viewer: Viewer, client: ClientInfo, input: unknown): Promise<ParoDto> {
    requireAdmin(viewer);
    const data = parseInput(createSchema, input);
    const creado = await this.repo.transaction(async (repo) => {
      const { linea, values } = await this.check(repo, data);
      const { despues } = await this.escribirParo(
        repo,
        { viewer, client },
        {
          aplicar: async () => {
            await repo.lockLinea(linea.id);
            await this.refuseOverlap(repo, values, linea, null);
            return paroLeido(repo, await repo.insertParo(values));
          },
        },
      );
      await this.rederive(repo, [linea], this.diasDe(values.inicio, values.fin));
      return toParoDto(despues!);
    });
    this.publicar({ linea_id: creado.linea_id, paro_id: creado.id });
    return creado;
  }

  async update(viewer: Viewer, client: ClientInfo, idArg: unknown, input: unknown): Promise<ParoDto> {
    requireAdmin(viewer);
    const paroId = parseId(idArg);
    const data = parseInput(updateSchema, input);
    let lineaAnterior = 0;
    const corregido = await this.repo.transaction(async (repo) => {
      const { linea, values } = await this.check(repo, data);
      const { antes, despues } = await this.escribirParo(
        repo,
        { viewer, client },
        {
          bloquear: () => repo.findParo(paroId, true),
          version: data.version,
          aplicar: async () => {
            await repo.lockLinea(linea.id);
            await this.refuseOverlap(repo, values, linea, paroId);
            await repo.updateParo(paroId, values);
            return paroLeido(repo, paroId);
          },
        },
      );
      const current = antes!;
      lineaAnterior = current.lineaId;
      const lineaAntes = (await repo.findLinea(current.lineaId)) ?? linea;
      await this.rederive(repo, lineaAntes.id === linea.id ? [linea] : [lineaAntes, linea], [
        ...this.diasDe(current.inicio, current.fin),
        ...this.diasDe(values.inicio, values.fin),
      ]);
      return toParoDto(despues!);
    });
    // A stop moved to another line leaves the old line's list too.
    if (lineaAnterior !== corregido.linea_id)
      this.publicar({ linea_id: lineaAnterior, paro_id: corregido.id });
    this.publicar({ linea_id: corregido.linea_id, paro_id: corregido.id });
    return corregido;
  }

  async delete(viewer: Viewer, client: ClientInfo, idArg: unknown, versionArg: unknown): Promise<ParoDto> {
    requireAdmin(viewer);
    const paroId = parseId(idArg);
    const { version: expected } = parseInput(z.object({ version }), { version: versionArg ?? null });
    const eliminado = await this.repo.transaction(async (repo) => {
      const { antes } = await this.escribirParo(
        repo,
        { viewer, client },
        {
          bloquear: () => repo.findParo(paroId, true),
          version: expected,
          aplicar: async () => {
            await repo.deleteParo(paroId);
            return { id: paroId, despues: null };
          },
        },
      );
      const current = antes!;
      const linea = await repo.findLinea(current.lineaId);
      if (linea) await this.rederive(repo, [linea], this.diasDe(current.inicio, current.fin));
      return toParoDto(current);
    });
    this.publicar({ linea_id: eliminado.linea_id, paro_id: eliminado.id });
    return eliminado;
  }

  // ------------------------------------------------------------ the operators' stops (/paros)

  /** The shift an instant falls in, with the plant's shifts read once per `turnos` promise. */
  async turnoDe(inicio: Date | string, turnos?: Promise<TurnoRecord[]>): Promise<TurnoDelDia> {
    return turnoDeInstante(new Date(inicio), await (turnos ?? this.repo.turnos()), this.tz);
  }

  /** The plant's shifts (a request reads them once for every Paro.turno it answers). */
  turnos(): Promise<TurnoRecord[]> {
    return this.repo.turnos();
  }

  /** A stop as it is now (the live list reads it again on each change); undefined once deleted. */
  async leer(paroId: number): Promise<ParoDto | undefined> {
    const row = await this.repo.findParo(paroId);
    return row && toParoDto(row, this.now());
  }

  /** Whether the line exists (a production line, not 'Planta'). */
  async existeLinea(lineaId: number): Promise<boolean> {
    return (await this.repo.findLinea(lineaId)) !== undefined;
  }

  /**
   * The stops of a line in one shift: the current one, or shift `turno` of production day `fecha`
   * (both or neither). Newest first, with the stops still open that began before it. Which lines an
   * operator may ask for is the operator gate's rule (modules/auth/operador.ts).
   */
  async parosTurno(args: Record<string, unknown>) {
    const data = parseInput(parosTurnoSchema, {
      linea_id: args.linea_id,
      fecha: args.fecha ?? null,
      turno: args.turno ?? null,
    });
    if ((data.fecha == null) !== (data.turno == null)) {
      const falta = data.fecha == null ? 'fecha' : 'turno';
      throw badInput(
        `Indique "fecha" y "turno" juntos (falta "${falta}"), u omita ambos para el turno actual`,
        falta,
      );
    }
    const linea = await this.repo.findLinea(data.linea_id);
    if (!linea) throw badInput('El campo "linea_id" no es una línea de producción', 'linea_id');
    const turnos = await this.repo.turnos();
    const now = this.now();
    let turno: TurnoDelDia;
    if (data.fecha != null && data.turno != null) {
      const hallado = turnosDelDia(data.fecha, turnos, this.tz).find((t) => t.numero === data.turno);
      if (!hallado) {
        throw badInput(
          `El campo "turno" debe ser uno de los ${turnos.length} turnos del horario de la planta`,
          'turno',
        );
      }
      turno = hallado;
    } else {
      turno = turnoDeInstante(now, turnos, this.tz);
    }
    const items = await this.repo.parosTurno(linea.id, turno.desde, turno.hasta, MAX_PAROS_TURNO);
    return {
      linea_id: linea.id,
      turno: turno.numero,
      turno_nombre: turno.nombre,
      fecha: turno.fecha,
      desde: turno.desde.toISOString(),
      hasta: turno.hasta.toISOString(),
      abierto: now < turno.hasta.getTime(),
      items: items.map((p) => toParoDto(p, now)),
    };
  }

  /**
   * Who may give or change a stop's reason or split it: an admin always; an operator on their
   * lines until the stop's shift closes; nobody else.
   */
  private async permitirCambio(repo: ParosRepository, viewer: Viewer, paro: ParoRecord): Promise<void> {
    if (isAdmin(viewer)) return;
    requireAdminUOperador(viewer);
    if (!(await repo.esLineaDeOperador(viewer.id, paro.lineaId))) {
      throw forbidden(`${paro.lineaNombre} no es una de sus líneas: no puede cambiar sus paros.`);
    }
    const turno = turnoDeInstante(paro.inicio, await repo.turnos(), this.tz);
    if (turno.hasta.getTime() <= this.now()) throw forbidden(TURNO_CERRADO);
  }

  /** The stop locked for the write, once the viewer may change it (NOT_FOUND when gone). */
  private bloquearPara(repo: ParosRepository, viewer: Viewer, paroId: number) {
    return async () => {
      const paro = await repo.findParo(paroId, true);
      if (paro) await this.permitirCambio(repo, viewer, paro);
      return paro;
    };
  }

  /**
   * Gives a stop its reason: the reason must apply to the stop's line; the stop takes its class,
   * its tipo follows the class (tipoDeClase), causa and equipo become the reason's and its
   * category's names, with who and when. Audited, re-derives the days it touches, then published.
   */
  async asignarMotivo(viewer: Viewer, client: ClientInfo, input: unknown): Promise<ParoDto> {
    requireAdminUOperador(viewer);
    const data = parseInput(asignarMotivoSchema, input);
    const paro = await this.repo.transaction(async (repo) => {
      const motivo = await repo.findMotivo(data.motivo_id);
      if (!motivo) {
        throw badInput(
          'El campo "motivo_id" no es un motivo de paro (otro usuario pudo eliminarlo)',
          'motivo_id',
        );
      }
      const { antes, despues } = await this.escribirParo(
        repo,
        { viewer, client },
        {
          bloquear: this.bloquearPara(repo, viewer, data.paro_id),
          version: data.version,
          aplicar: async (actual) => {
            const stop = actual!;
            if (motivo.lineaIds.length > 0 && !motivo.lineaIds.includes(stop.lineaId)) {
              throw badInput(
                `El campo "motivo_id": el motivo «${motivo.nombre}» no se aplica a ${stop.lineaNombre}`,
                'motivo_id',
              );
            }
            await repo.asignarMotivo(stop.id, {
              motivoId: motivo.id,
              clase: motivo.clase,
              tipo: tipoDeClase(motivo.clase, stop.tipo),
              causa: motivo.nombre,
              equipo: motivo.categoria,
              comentario: data.comentario || null,
              motivoUsuarioId: viewer.id,
            });
            return paroLeido(repo, stop.id);
          },
        },
      );
      await this.rederiveParo(repo, antes!);
      return toParoDto(despues!, this.now());
    });
    this.publicar({ linea_id: paro.linea_id, paro_id: paro.id });
    return paro;
  }

  /**
   * Splits a stop at `en`, strictly inside it: the first part keeps everything and ends at `en`;
   * the second starts there without a reason (same line, origin, tipo and fault code) and ends where
   * the stop ended, or stays open. Two audited writes, the days re-derived, both parts published.
   */
  async dividir(viewer: Viewer, client: ClientInfo, input: unknown): Promise<[ParoDto, ParoDto]> {
    requireAdminUOperador(viewer);
    const data = parseInput(dividirSchema, input);
    const partes = await this.repo.transaction(async (repo) => {
      const autor = { viewer, client };
      const { antes, despues } = await this.escribirParo(repo, autor, {
        bloquear: this.bloquearPara(repo, viewer, data.paro_id),
        version: data.version,
        aplicar: async (actual) => {
          const stop = actual!;
          const en = data.en.getTime();
          const hasta = stop.fin?.getTime() ?? this.now();
          if (en < stop.inicio.getTime() + 1000 || en >= hasta) {
            throw badInput(
              `El campo "en" debe caer dentro del paro: después de ${this.fechaHora(stop.inicio)} y antes de ${
                stop.fin ? this.fechaHora(stop.fin) : 'ahora (el paro sigue en curso)'
              }`,
              'en',
            );
          }
          await repo.acortar(stop.id, data.en);
          return paroLeido(repo, stop.id);
        },
      });
      const stop = antes!;
      const { despues: segunda } = await this.escribirParo(repo, autor, {
        aplicar: async () =>
          paroLeido(
            repo,
            await repo.insertParte(stop, {
              inicio: data.en,
              fin: stop.fin,
              // Without a reason the texts say what the stop said before it had one.
              equipo: stop.motivo ? SIN_MOTIVO : stop.equipo,
              causa: stop.motivo ? SIN_MOTIVO : stop.causa,
            }),
          ),
      });
      await this.rederiveParo(repo, stop);
      const now = this.now();
      return [toParoDto(despues!, now), toParoDto(segunda!, now)] as [ParoDto, ParoDto];
    });
    for (const parte of partes) this.publicar({ linea_id: parte.linea_id, paro_id: parte.id });
    return partes;
  }

  /** Re-derives the days a stop touches (its line's MTTR/MTTF and the day's figures). */
  private async rederiveParo(repo: ParosRepository, paro: ParoRecord): Promise<void> {
    const linea = await repo.findLinea(paro.lineaId);
    if (linea) await this.rederive(repo, [linea], this.diasDe(paro.inicio, paro.fin));
  }

  /** A paro's write through the configuration write path (audited as the API shows it). */
  private escribirParo(
    repo: ParosRepository,
    autor: Autor,
    paso: Pick<EscrituraConfig<ParoRecord, ParoRecord>, 'bloquear' | 'version' | 'aplicar'>,
  ) {
    return escribirConfiguracion(repo.handle, {
      autor,
      entidad: 'paros',
      noExiste: 'El paro no existe (otro usuario pudo eliminarlo)',
      ...paso,
      vista: (paro) => toParoDto(paro, this.now()),
    });
  }

  // ------------------------------------------------------------ MTTR/MTTF entered by hand

  async manuales(viewer: Viewer, desdeArg: unknown, hastaArg: unknown): Promise<ManualDto[]> {
    requireAdmin(viewer);
    const { desde, hasta } = parseDayRange(desdeArg, hastaArg, MAX_MANUALES_DIAS);
    return (await this.repo.manuales(desde, hasta)).map(toManualDto);
  }

  /** The line and its two variables; the day not in the future. */
  private async manualTarget(repo: ParosRepository, lineaId: number, fecha: string) {
    const linea = await repo.findLinea(lineaId);
    if (!linea) throw badInput('El campo "linea_id" no es una línea de producción', 'linea_id');
    if (fecha > productionDay(this.now(), this.tz)) {
      throw badInput('El campo "fecha" no puede ser un día de producción futuro', 'fecha');
    }
    const vars = await repo.maintenanceVariables(linea);
    if (vars.mttr === undefined || vars.mttf === undefined) {
      throw badInput(
        `${linea.nombre} no tiene las variables "MTTR (min)${linea.sufijo}" y "MTTF (min)${linea.sufijo}": créelas en Configuración › Variables`,
        'linea_id',
      );
    }
    const ids = [vars.mttr, vars.mttf];
    await repo.lockVariables(ids);
    const rows = await repo.historicosDelDia(ids, fecha);
    return { linea, vars: { mttr: vars.mttr, mttf: vars.mttf }, rows };
  }

  private async manualOf(repo: ParosRepository, lineaId: number, fecha: string): Promise<ManualDto> {
    const [row] = await repo.manuales(fecha, fecha, lineaId);
    if (!row) throw new Error('hand-entered MTTR/MTTF vanished after its write');
    return toManualDto(row);
  }

  /**
   * A line-day's hand-entered MTTR/MTTF through the configuration write path, in a transaction
   * (the day's rows locked by manualTarget), audited as 'historicos' under the key linea:fecha.
   * `paso` says what is checked and written; `guardado` (update, delete) requires the hand-entered
   * rows, and gives the line-day as stored with the version of its MTTR row.
   */
  private escribirManual(
    autor: Autor,
    data: { linea_id: number; fecha: string; version?: number | null },
    paso: (dia: DiaManual) => Pick<
      EscrituraConfig<ManualDto, ManualDto>,
      'bloquear' | 'validar' | 'aplicar'
    > & {
      luego?: () => Promise<void>;
    },
  ) {
    return this.repo.transaction(async (repo) => {
      const target = await this.manualTarget(repo, data.linea_id, data.fecha);
      const { linea, vars, rows } = target;
      const manual = (variableId: number) => rows.some((r) => r.variableId === variableId && r.diarioManual);
      const { luego, ...escritura } = paso({
        repo,
        ...target,
        guardado: async (ambos) =>
          manual(vars.mttr) && (!ambos || manual(vars.mttf))
            ? this.manualOf(repo, linea.id, data.fecha)
            : undefined,
      });
      const escrito = await escribirConfiguracion(repo.handle, {
        autor,
        entidad: 'historicos',
        noExiste: `No hay MTTR/MTTF ingresado a mano de ${linea.nombre} el ${data.fecha} (otro usuario pudo quitarlo)`,
        version: data.version,
        ...escritura,
      });
      await luego?.();
      return escrito;
    });
  }

  /**
   * Rule: a hand-entered MTTR/MTTF is for a line and day without automatic data. When the day
   * already has figures derived from paros (a derived MTTR/MTTF row, or FALLA paros in the day),
   * it is refused: correct the paros instead.
   */
  async createManual(viewer: Viewer, client: ClientInfo, input: unknown): Promise<ManualDto> {
    requireAdmin(viewer);
    const data = parseInput(manualSchema, input);
    const { despues } = await this.escribirManual(
      { viewer, client },
      data,
      ({ repo, linea, vars, rows }) => ({
        validar: async () => {
          if (rows.some((r) => r.diarioManual)) {
            throw conflict(
              `Ya existe un MTTR/MTTF ingresado a mano de ${linea.nombre} el ${data.fecha}: edítelo en la lista`,
              'fecha',
            );
          }
          const { start, end } = productionDayRange(data.fecha, this.tz);
          if (rows.length > 0 || (await repo.hasFailures(linea.id, start, end))) {
            throw conflict(
              `${linea.nombre} ya tiene MTTR/MTTF calculado de sus paros el ${data.fecha}: corrija los paros en lugar de ingresarlo a mano`,
              'fecha',
            );
          }
        },
        aplicar: () => this.writeManual(repo, linea.id, vars, data),
      }),
    );
    return despues!;
  }

  async updateManual(viewer: Viewer, client: ClientInfo, input: unknown): Promise<ManualDto> {
    requireAdmin(viewer);
    const data = parseInput(manualSchema, input);
    const { despues } = await this.escribirManual(
      { viewer, client },
      data,
      ({ repo, linea, vars, guardado }) => ({
        bloquear: () => guardado(true),
        aplicar: () => this.writeManual(repo, linea.id, vars, data),
      }),
    );
    return despues!;
  }

  /** Removes the hand-entered rows; the day is then derived from its paros again. */
  async deleteManual(viewer: Viewer, client: ClientInfo, args: Record<string, unknown>): Promise<ManualDto> {
    requireAdmin(viewer);
    const data = parseInput(manualKeySchema, {
      linea_id: args.linea_id,
      fecha: args.fecha,
      version: args.version ?? null,
    });
    const { antes } = await this.escribirManual(
      { viewer, client },
      data,
      ({ repo, linea, vars, rows, guardado }) => ({
        bloquear: () => guardado(false),
        aplicar: async () => {
          await repo.deleteHistoricos(rows.filter((r) => r.diarioManual).map((r) => r.id));
          return { id: `${linea.id}:${data.fecha}`, despues: null };
        },
        luego: () => repo.rederive([data.fecha], [vars.mttr, vars.mttf], this.tz),
      }),
    );
    return antes!;
  }

  /** Writes a line-day's MTTR and MTTF by hand and derives its mensual/anual again. */
  private async writeManual(
    repo: ParosRepository,
    lineaId: number,
    vars: { mttr: number; mttf: number },
    data: { fecha: string; mttr: number; mttf: number },
  ) {
    await repo.writeManual(vars.mttr, data.fecha, data.mttr);
    await repo.writeManual(vars.mttf, data.fecha, data.mttf);
    await repo.recomputeAggregates([vars.mttr, vars.mttf], data.fecha);
    return { id: `${lineaId}:${data.fecha}`, despues: await this.manualOf(repo, lineaId, data.fecha) };
  }
}

/** Who may give reasons and split stops at all (which stops: permitirCambio). */
function requireAdminUOperador(viewer: Viewer): void {
  if (!isAdmin(viewer) && !isOperador(viewer)) {
    throw forbidden('Se requiere el rol admin u operador para esta acción.');
  }
}

/** The paro as written: its id and itself. */
async function paroLeido(repo: ParosRepository, paroId: number) {
  return { id: paroId, despues: (await repo.findParo(paroId))! };
}

/**
 * A line-day being written by hand: its line, its MTTR/MTTF variables, their rows that day, and
 * the line-day as stored when it has hand-entered rows (`ambos`: both MTTR and MTTF).
 */
type DiaManual = { repo: ParosRepository } & Awaited<ReturnType<ParosService['manualTarget']>> & {
    guardado: (ambos: boolean) => Promise<ManualDto | undefined>;
  };
