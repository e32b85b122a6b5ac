import { addDays, hasHumanResources, productionDay, productionDayRange, ROLE_NAMES } from '@planta/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badInput, conflict, forbidden, notFound } from '../../errors.ts';
import { calendarDate, id, parseId, parseInput, requiredText } from '../../validation.ts';
import { registrarCambio, versionConflict } from '../audit/cambios.ts';
import { type Autor, escribirConfiguracion, escrito } from '../audit/escritura.ts';
import type { ClientInfo, Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import { isAdmin } from '@planta/domain';
import { strictInput } from '../../service-helpers.ts';
import {
  canReadVariable,
  isHumanResourcesArea,
  requireReadableVariable,
} from '../variables/variable-access.ts';
import type { AlarmasRepository, ReglaRow, ReglaValues } from './alarmas.repository.ts';
import { CONDICIONES, type Limites, ocurrencias } from './condicion.ts';
import {
  CONDICIONES_PAROS,
  esCondicionParos,
  ocurrenciasMicroparos,
  ocurrenciasSinMotivo,
  VENTANA_MICROPAROS_MS,
} from './paros-condicion.ts';

const NO_EXISTE = 'La regla de notificación no existe';
const FUENTES = ['DIARIO', 'VIVO', 'PAROS'] as const;
/** The limits of the rules on stops: minutes without a reason, micro-stops in an hour. */
const MAX_MINUTOS_SIN_MOTIVO = 1440;
const MAX_MICROPAROS_HORA = 1000;
const SEVERIDADES = ['INFO', 'AVISO', 'CRITICA'] as const;
const ESTADOS = ['ACTIVA', 'RECONOCIDA', 'NORMALIZADA'] as const;
export const ROLES_DESTINO = [...ROLE_NAMES, 'TODOS'] as const;
/** Days the preview replays. */
export const DIAS_PREVIA = 30;

const unoDe = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, {
    error: `El campo "${field}" debe ser ${values.slice(0, -1).join(', ')} o ${values.at(-1)}`,
  });

const numeroFinito = (field: string) =>
  z
    .number({ error: `El campo "${field}" debe ser un número` })
    .refine(Number.isFinite, `El campo "${field}" debe ser un número`);

const reglaSchema = strictInput({
  nombre: requiredText('nombre', 120),
  fuente: unoDe('fuente', FUENTES),
  variable_id: id('variable_id').nullish(),
  linea_id: id('linea_id').nullish(),
  condicion: unoDe('condicion', [...CONDICIONES, ...CONDICIONES_PAROS] as const),
  umbral: numeroFinito('umbral').nullish(),
  duracion_min: z
    .number({ error: 'El campo "duracion_min" debe ser un número entero de minutos' })
    .int('El campo "duracion_min" debe ser un número entero de minutos')
    .min(1, 'El campo "duracion_min" debe estar entre 1 y 1440 minutos')
    .max(1440, 'El campo "duracion_min" debe estar entre 1 y 1440 minutos')
    .nullish(),
  histeresis: numeroFinito('histeresis').min(0, 'El campo "histeresis" no puede ser negativo').nullish(),
  severidad: unoDe('severidad', SEVERIDADES).nullish(),
  roles_destino: z
    .array(unoDe('roles_destino', ROLES_DESTINO as unknown as readonly [string, ...string[]]))
    .max(10, 'El campo "roles_destino" admite como máximo 10 roles'),
  usuarios_destino: z
    .array(id('usuarios_destino'))
    .max(200, 'El campo "usuarios_destino" admite como máximo 200 usuarios'),
  canal_app: z.boolean({ error: 'El campo "canal_app" debe ser verdadero o falso' }),
  canal_email: z.boolean({ error: 'El campo "canal_email" debe ser verdadero o falso' }),
  activa: z.boolean({ error: 'El campo "activa" debe ser verdadero o falso' }),
  version: z
    .number({ error: 'El campo "version" debe ser un número entero' })
    .int('El campo "version" debe ser un número entero')
    .min(1, 'El campo "version" debe ser un número entero positivo')
    .nullish(),
}).superRefine((r, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (r.fuente === 'DIARIO' && !r.variable_id) issue('variable_id', 'Elija la variable que vigila la regla');
  if (r.fuente !== 'PAROS' && esCondicionParos(r.condicion))
    issue('condicion', 'Esta condición vigila los paros de una línea: elija la fuente PAROS');
  if (r.fuente === 'PAROS') {
    if (!r.linea_id) issue('linea_id', 'Elija la línea cuyos paros vigila la regla');
    if (!esCondicionParos(r.condicion))
      issue('condicion', 'Los paros de línea admiten PARO_SIN_MOTIVO o MICROPAROS_HORA');
    const [que, maximo] =
      r.condicion === 'MICROPAROS_HORA'
        ? ['microparos por hora', MAX_MICROPAROS_HORA]
        : ['minutos sin motivo', MAX_MINUTOS_SIN_MOTIVO];
    if (r.umbral === null || r.umbral === undefined)
      issue('umbral', `El campo "umbral" es obligatorio: los ${que}`);
    else if (!Number.isInteger(r.umbral) || r.umbral < 1 || r.umbral > maximo)
      issue('umbral', `El campo "umbral" debe ser un número entero de ${que} entre 1 y ${maximo}`);
  }
  if (r.fuente === 'VIVO') {
    if (!r.linea_id) issue('linea_id', 'Elija la línea cuya velocidad vigila la regla');
    if (r.condicion !== 'UMBRAL_BAJO' && r.condicion !== 'UMBRAL_SOBRE')
      issue('condicion', 'La velocidad en vivo solo admite un umbral (bajo o sobre)');
  }
  if (
    (r.condicion === 'UMBRAL_BAJO' || r.condicion === 'UMBRAL_SOBRE') &&
    (r.umbral === null || r.umbral === undefined)
  )
    issue('umbral', 'El campo "umbral" es obligatorio para una condición de umbral');
  if (!r.canal_app && !r.canal_email) issue('canal_app', 'Elija al menos un canal: aplicación o correo');
  if (r.roles_destino.length === 0 && r.usuarios_destino.length === 0)
    issue('roles_destino', 'Elija al menos un destinatario: un rol o un usuario');
});
type ReglaInput = z.infer<typeof reglaSchema>;

const filtroSchema = z.object({
  estado: unoDe('estado', ESTADOS).nullish(),
  linea_id: id('linea_id').nullish(),
  area: z.string().trim().max(60, 'El campo "area" admite como máximo 60 caracteres').nullish(),
  desde: calendarDate('desde').nullish(),
  hasta: calendarDate('hasta').nullish(),
  limit: z
    .number({ error: 'El campo "limit" debe ser un número entero' })
    .int('El campo "limit" debe ser un número entero')
    .min(1, 'El campo "limit" debe estar entre 1 y 200')
    .max(200, 'El campo "limit" debe estar entre 1 y 200')
    .nullish(),
  offset: z
    .number({ error: 'El campo "offset" debe ser un número entero' })
    .int('El campo "offset" debe ser un número entero')
    .min(0, 'El campo "offset" no puede ser negativo')
    .max(1_000_000, 'El campo "offset" es demasiado grande')
    .nullish(),
});

const reconocerSchema = z.object({
  id: id('id'),
  comentario: z
    .string({ error: 'El campo "comentario" es obligatorio' })
    .trim()
    .min(1, 'Escriba un comentario para reconocer la alarma')
    .max(500, 'El campo "comentario" admite como máximo 500 caracteres'),
});

/** The rules as the API shows them (and as the audit rows record them): their users and lines in two queries. */
export async function reglasApi(repo: AlarmasRepository, rows: readonly ReglaRow[]) {
  const [usuarios, lineas] = await Promise.all([
    repo.usuarios([...new Set(rows.flatMap((r) => r.usuariosDestino))]),
    repo.lineasPorId([...new Set(rows.flatMap((r) => (r.lineaId ? [r.lineaId] : [])))]),
  ]);
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    fuente: r.fuente,
    variable_id: r.variableId,
    linea_id: r.lineaId,
    linea_nombre: lineas.find((l) => l.id === r.lineaId)?.nombre ?? null,
    condicion: r.condicion,
    umbral: r.umbral,
    duracion_min: r.duracionMin,
    histeresis: r.histeresis,
    severidad: r.severidad,
    roles_destino: r.rolesDestino,
    usuarios_destino: usuarios
      .filter((u) => r.usuariosDestino.includes(u.id))
      .map((u) => ({ id: u.id, username: u.username, nombre: u.nombre, email: u.email })),
    canal_app: r.canalApp,
    canal_email: r.canalEmail,
    activa: r.activa,
    version: r.version,
  }));
}

const reglaApi = async (repo: AlarmasRepository, r: ReglaRow) => (await reglasApi(repo, [r]))[0]!;

export class AlarmasService {
  constructor(
    private readonly repo: AlarmasRepository,
    private readonly options: { timeZone: string; onCambio?: () => void },
  ) {}

  async reglas(viewer: Viewer) {
    requireAdmin(viewer);
    const rows = await this.repo.reglas();
    return reglasApi(this.repo, rows);
  }

  /** Validates the input and what it names (variable, line, users), returning the row values. */
  private async valores(input: unknown): Promise<{ values: ReglaValues; version: number | undefined }> {
    const r: ReglaInput = parseInput(reglaSchema, input);
    let variableRrhh: { nombre: string; area: string } | undefined;
    if (r.fuente === 'DIARIO') {
      const variable = await this.repo.variable(r.variable_id as number);
      if (!variable) throw badInput('La variable no existe', 'variable_id');
      if (isHumanResourcesArea(variable.area)) variableRrhh = variable;
      if (r.condicion === 'FUERA_DE_RANGO' && variable.minimo === null && variable.maximo === null)
        throw badInput(
          'La variable no tiene mínimo ni máximo: configure su rango o elija otra condición',
          'condicion',
        );
    } else if (!(await this.repo.linea(r.linea_id as number))) {
      throw badInput('La línea no existe', 'linea_id');
    }
    const usuarios = await this.repo.usuarios([...new Set(r.usuarios_destino)]);
    const faltan = r.usuarios_destino.filter(
      (u) => !usuarios.some((x) => x.id === u && x.deletedAt === null),
    );
    if (faltan.length > 0) throw badInput(`El usuario ${faltan[0]} no existe`, 'usuarios_destino');
    if (variableRrhh) await this.requireLectores(variableRrhh, r.roles_destino, r.usuarios_destino);
    return {
      version: r.version ?? undefined,
      values: {
        nombre: r.nombre,
        fuente: r.fuente,
        variableId: r.fuente === 'DIARIO' ? (r.variable_id ?? null) : null,
        lineaId: r.fuente === 'DIARIO' ? null : (r.linea_id ?? null),
        condicion: r.condicion,
        umbral: r.umbral ?? null,
        duracionMin: r.fuente === 'VIVO' ? (r.duracion_min ?? 1) : 0,
        // Minutes without a reason have no dead band: the alarm ends when the stop gets one.
        histeresis: r.condicion === 'PARO_SIN_MOTIVO' ? 0 : (r.histeresis ?? 0),
        severidad: r.severidad ?? 'AVISO',
        rolesDestino: [...new Set(r.roles_destino)],
        usuariosDestino: [...new Set(r.usuarios_destino)],
        canalApp: r.canal_app,
        canalEmail: r.canal_email,
        activa: r.activa,
      },
    };
  }

  /**
   * An HR variable's alarms reach only recipients with the human-resources permission (evaluacion.ts
   * destinatarios): a rule none of whose recipients could ever read it is refused. Every role it may
   * name reaches someone who can (super-admins are admins and hold the permission; TODOS includes
   * them); named users count if they hold it.
   */
  private async requireLectores(
    variable: { nombre: string; area: string },
    roles: string[],
    usuarios: number[],
  ) {
    if (roles.length > 0) return;
    const conRol = await this.repo.rolesDe([...new Set(usuarios)]);
    const alguno = usuarios.some((u) =>
      canReadVariable({ roles: conRol.filter((r) => r.userId === u) }, variable),
    );
    if (!alguno)
      throw badInput(
        `Ninguno de los destinatarios puede ver la variable «${variable.nombre}», que es de recursos humanos: ` +
          'elija el rol «Recursos humanos» o usuarios con ese permiso',
        'usuarios_destino',
      );
  }

  async crear(viewer: Viewer, input: unknown, client?: ClientInfo) {
    requireAdmin(viewer);
    const { values } = await this.valores(input);
    const regla = await this.escribirRegla({ viewer, client }, null, undefined, async (t) =>
      escrito(await this.repo.crearRegla(t, values)),
    );
    this.options.onCambio?.();
    return reglaApi(this.repo, regla!);
  }

  async actualizar(viewer: Viewer, rawId: unknown, input: unknown, client?: ClientInfo) {
    requireAdmin(viewer);
    const reglaId = parseId(rawId);
    const { values, version } = await this.valores(input);
    const regla = await this.escribirRegla({ viewer, client }, reglaId, version, async (t) => {
      const row = await this.repo.actualizarRegla(t, reglaId, values);
      if (!row) throw versionConflict();
      return { id: reglaId, despues: row };
    });
    this.options.onCambio?.();
    return reglaApi(this.repo, regla!);
  }

  async eliminar(viewer: Viewer, rawId: unknown, rawVersion: unknown, client?: ClientInfo): Promise<boolean> {
    requireAdmin(viewer);
    const reglaId = parseId(rawId);
    const version =
      rawVersion === null || rawVersion === undefined
        ? undefined
        : parseInput(z.object({ version: z.number().int() }), { version: rawVersion }).version;
    await this.escribirRegla({ viewer, client }, reglaId, version, async (t) => {
      await this.repo.eliminarRegla(t, reglaId);
      return { id: reglaId, despues: null };
    });
    return true;
  }

  /**
   * A rule's write in its transaction through the configuration write path: `reglaId` null
   * creates; else the rule is locked and its version checked. Returns the rule as written.
   */
  private escribirRegla(
    autor: Autor,
    reglaId: number | null,
    version: number | null | undefined,
    aplicar: (t: Db) => Promise<{ id: number; despues: ReglaRow | null }>,
  ): Promise<ReglaRow | null> {
    return this.repo.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const { despues } = await escribirConfiguracion<ReglaRow, ReglaRow>(t, {
        autor,
        entidad: 'reglas_notificacion',
        bloquear: reglaId === null ? undefined : () => this.repo.regla(reglaId, t, true),
        noExiste: NO_EXISTE,
        version,
        aplicar: () => aplicar(t),
      });
      return despues;
    });
  }

  /** How often the rule as typed would have opened an alarm over the last DIAS_PREVIA production days. */
  async previa(viewer: Viewer, input: unknown, now = new Date()) {
    requireAdmin(viewer);
    const { values } = await this.valores(input);
    const hasta = productionDay(now, this.options.timeZone);
    const desde = addDays(hasta, -(DIAS_PREVIA - 1));
    let abiertas: { inicio: Date; fecha: string; valor: number; limite: number }[];
    // The conditions on stops go with fuente PAROS only (reglaSchema).
    const condicion = values.condicion;
    if (esCondicionParos(condicion)) {
      const inicio = productionDayRange(desde, this.options.timeZone).start;
      const umbral = values.umbral as number;
      const encontradas =
        condicion === 'MICROPAROS_HORA'
          ? ocurrenciasMicroparos(
              await this.repo.inicioMicroparos(
                values.lineaId as number,
                new Date(inicio.getTime() - VENTANA_MICROPAROS_MS),
                now,
              ),
              umbral,
              values.histeresis ?? 0,
            ).filter((o) => o.inicio >= inicio)
          : ocurrenciasSinMotivo(
              await this.repo.parosPrevia(values.lineaId as number, inicio, now),
              umbral,
              now,
            );
      abiertas = encontradas.map((o) => ({
        inicio: o.inicio,
        fecha: productionDay(o.inicio, this.options.timeZone),
        valor: o.valor,
        limite: umbral,
      }));
    } else if (values.fuente === 'DIARIO') {
      const variable = await this.repo.variable(values.variableId as number);
      // The preview shows the variable's values: only to who may read them.
      requireReadableVariable(viewer, variable);
      const serie = await this.repo.diarios(values.variableId as number, desde, hasta);
      const limitesDe = (p: { meta: number | null }): Limites => ({
        minimo: variable?.minimo ?? null,
        maximo: variable?.maximo ?? null,
        meta: p.meta,
        umbral: values.umbral ?? null,
      });
      abiertas = ocurrencias(condicion, serie, limitesDe, values.histeresis ?? 0).map((o) => ({
        inicio: productionDayRange(o.punto.fecha, this.options.timeZone).start,
        fecha: o.punto.fecha,
        valor: o.punto.valor,
        limite: o.limite,
      }));
    } else {
      const linea = await this.repo.linea(values.lineaId as number);
      const serie = linea
        ? await this.repo.velocidades(
            linea.numero,
            productionDayRange(desde, this.options.timeZone).start,
            now,
          )
        : [];
      const limites: Limites = { minimo: null, maximo: null, meta: null, umbral: values.umbral ?? null };
      abiertas = ocurrencias(
        condicion,
        serie,
        () => limites,
        values.histeresis ?? 0,
        values.duracionMin ?? 1,
      ).map((o) => ({
        inicio: o.punto.fecha,
        fecha: productionDay(o.punto.fecha, this.options.timeZone),
        valor: o.punto.valor,
        limite: o.limite,
      }));
    }
    return {
      desde,
      hasta,
      ocurrencias: abiertas.length,
      dias: new Set(abiertas.map((a) => a.fecha)).size,
      ejemplos: abiertas.slice(0, 20),
    };
  }

  async alarmas(viewer: Viewer, args: Record<string, unknown>) {
    const f = parseInput(filtroSchema, args);
    if (f.desde && f.hasta && f.desde > f.hasta)
      throw badInput('La fecha "desde" es posterior a "hasta"', 'desde');
    const sinAreas = hasHumanResources(viewer) ? [] : ['rrhh', 'recursos-humanos', 'recursos humanos'];
    if (f.area && isHumanResourcesArea(f.area) && sinAreas.length > 0)
      throw forbidden('Se requiere el permiso de recursos humanos para ver las alarmas de esta área.');
    return this.repo.alarmas({
      estado: f.estado ?? undefined,
      lineaId: f.linea_id ?? undefined,
      area: f.area || undefined,
      desde: f.desde ?? undefined,
      hasta: f.hasta ?? undefined,
      sinAreas,
      limit: f.limit ?? 50,
      offset: f.offset ?? 0,
    });
  }

  async reconocer(viewer: Viewer, rawId: unknown, rawComentario: unknown, client?: ClientInfo) {
    const { id: alarmaId, comentario } = parseInput(reconocerSchema, {
      id: rawId,
      comentario: rawComentario,
    });
    const alarma = await this.repo.alarma(alarmaId);
    if (!alarma) throw notFound('La alarma no existe');
    if (!isAdmin(viewer) && !(await this.repo.notificadaA(alarmaId, viewer.id)))
      throw forbidden('Solo un destinatario de la alarma o un administrador puede reconocerla.');
    if (alarma.estado !== 'ACTIVA' || !(await this.repo.reconocer(alarmaId, viewer.id, comentario))) {
      const actual = await this.repo.alarma(alarmaId);
      throw conflict(
        actual?.estado === 'NORMALIZADA'
          ? 'La alarma ya se normalizó: no hace falta reconocerla.'
          : `La alarma ya fue reconocida por ${actual?.reconocida_por ?? 'otro usuario'}.`,
        'id',
      );
    }
    await registrarCambio(this.repo.db, {
      actorId: viewer.id,
      ip: client?.ip,
      entidad: 'alarmas',
      id: alarmaId,
      operacion: 'modificar',
      antes: { estado: 'ACTIVA' },
      despues: { estado: 'RECONOCIDA', comentario },
    });
    return this.repo.alarma(alarmaId);
  }

  async envios(viewer: Viewer, args: { estado?: unknown; limit?: unknown }) {
    requireAdmin(viewer);
    const f = parseInput(
      z.object({
        estado: unoDe('estado', ['PENDIENTE', 'ENVIADO', 'FALLIDO'] as const).nullish(),
        limit: filtroSchema.shape.limit,
      }),
      args,
    );
    return this.repo.envios(f.estado ?? undefined, f.limit ?? 50);
  }
}
