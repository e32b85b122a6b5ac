import { productionDay } from '@planta/domain';
import { and, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  alarmas,
  historicos,
  lineas,
  metas,
  notificaciones,
  paros,
  reglasNotificacion,
  roles,
  scadaLecturas,
  sistema,
  userRoles,
  users,
  variables,
} from '../../db/schema/index.ts';
import { encolarCorreos, type Mensaje } from '../../mail/correo.ts';
import { canReadVariable, isHumanResourcesArea } from '../variables/variable-access.ts';
import { type Condicion, evaluarCondicion, evaluarDuracion, type Limites } from './condicion.ts';
import {
  ALCANCE_SIN_MOTIVO_MS,
  type CondicionParos,
  esCondicionParos,
  minutosEntre,
  VENTANA_MICROPAROS_MS,
} from './paros-condicion.ts';
import { detalleMicroparos, detalleParoSinMotivo, nombreLinea, textoAlarma } from './textos.ts';
import { CANDADOS } from '../../db/candados.ts';
import { claseParo } from './alarmas.repository.ts';

/** sistema key: up to when historicos changes have been evaluated (ISO instant). */
export const CURSOR_KEY = 'alarmas_cursor';
/** Rows changed this long before the cursor are read again: a transaction that started earlier may commit later. */
const MARGEN_MS = 2 * 60_000;
/** A rule added to a database that already has a cursor still sees the rows changed this far back. */
const PRIMERA_VEZ_MS = 24 * 3_600_000;
/** One evaluation at a time across servers (the unique open-alarm index guards the rest). */
const LOCK_KEY = CANDADOS.alarmas;

/** The screen where a variable's area is shown (the link of its alarms). */
const PANTALLA_POR_AREA: Record<string, string> = {
  fabrica: '/fabrica',
  rendimiento: '/rendimiento',
  planificacion: '/planificacion',
  mantenimiento: '/mantenimiento',
  energia: '/mantenimiento/eficiencia',
  utilidades: '/mantenimiento/utilidades',
  pta: '/pta',
  rrhh: '/recursos-humanos',
};
export const enlaceDiario = (area: string, fecha: string) =>
  `${PANTALLA_POR_AREA[area] ?? '/fabrica'}?fecha=${fecha}`;
export const enlaceVivo = (fecha: string) => `/fabrica/lineas?fecha=${fecha}`;
/** A stop without a reason: the operators' stops screen, on its line. */
export const enlaceParo = (lineaId: number) => `/paros?linea=${lineaId}`;
/** Micro-stops: the losses of the line's day (/fabrica/perdidas names the line by its numero). */
export const enlaceMicroparos = (fecha: string, lineaNumero: number) =>
  `/fabrica/perdidas?fecha=${fecha}&linea=${lineaNumero}`;

export interface ReglaActiva {
  id: number;
  nombre: string;
  fuente: 'DIARIO' | 'VIVO' | 'PAROS';
  condicion: Condicion | CondicionParos;
  umbral: number | null;
  duracionMin: number;
  histeresis: number;
  severidad: string;
  rolesDestino: string[];
  usuariosDestino: number[];
  canalApp: boolean;
  canalEmail: boolean;
  variableId: number | null;
  variableNombre: string | null;
  area: string | null;
  unidad: string | null;
  decimales: number | null;
  minimo: number | null;
  maximo: number | null;
  lineaId: number | null;
  lineaNumero: number | null;
  lineaNombre: string | null;
  /** When the rule was last saved: its daily values changed up to then do not alarm. */
  vigenteDesde: Date;
}

export interface EvaluacionOptions {
  timeZone: string;
  /** The instant evaluated (tests); default now. */
  now?: Date;
  /** E-mails are queued only when SMTP_URL is set. */
  correo: boolean;
  /** The app's address for the e-mails' links (PUBLIC_URL). */
  publicUrl: string;
}

export interface ResultadoEvaluacion {
  abiertas: number;
  normalizadas: number;
  /** Users with a new in-app notification (their unread count changed). */
  usuarios: number[];
  /** Whether this pass ran (false: another server was evaluating). */
  evaluada: boolean;
}

export async function reglasActivas(db: Db, ids?: number[]): Promise<ReglaActiva[]> {
  const rows = await db
    .select({
      id: reglasNotificacion.id,
      nombre: reglasNotificacion.nombre,
      fuente: reglasNotificacion.fuente,
      condicion: reglasNotificacion.condicion,
      umbral: reglasNotificacion.umbral,
      duracionMin: reglasNotificacion.duracionMin,
      histeresis: reglasNotificacion.histeresis,
      severidad: reglasNotificacion.severidad,
      rolesDestino: reglasNotificacion.rolesDestino,
      usuariosDestino: reglasNotificacion.usuariosDestino,
      canalApp: reglasNotificacion.canalApp,
      canalEmail: reglasNotificacion.canalEmail,
      variableId: reglasNotificacion.variableId,
      variableNombre: variables.nombre,
      area: variables.area,
      unidad: variables.unidad,
      decimales: variables.decimales,
      minimo: variables.minimo,
      maximo: variables.maximo,
      lineaId: reglasNotificacion.lineaId,
      lineaNumero: lineas.numero,
      lineaNombre: lineas.nombre,
      vigenteDesde: reglasNotificacion.vigenteDesde,
    })
    .from(reglasNotificacion)
    .leftJoin(variables, eq(variables.id, reglasNotificacion.variableId))
    .leftJoin(lineas, eq(lineas.id, reglasNotificacion.lineaId))
    .where(
      ids
        ? inArray(reglasNotificacion.id, ids)
        : and(eq(reglasNotificacion.activa, true), or(isNull(variables.id), eq(variables.estado, 1))),
    );
  return rows as ReglaActiva[];
}

/**
 * The users a rule tells: its users and the users of its roles (admin includes super-admin; TODOS:
 * everyone), never deleted ones, and only those who may read its variable (variable-access.ts: an
 * HR variable's figures go to the human-resources permission only, as historicoFecha answers).
 */
export async function destinatarios(
  db: Db,
  regla: Pick<ReglaActiva, 'rolesDestino' | 'usuariosDestino'> & { area?: string | null },
): Promise<{ id: number; email: string | null }[]> {
  const todos = await destinatariosSinFiltro(db, regla);
  if (todos.length === 0 || regla.area == null || !isHumanResourcesArea(regla.area)) return todos;
  const conRol = await db
    .select({ userId: userRoles.userId, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      inArray(
        userRoles.userId,
        todos.map((u) => u.id),
      ),
    );
  const variable = { area: regla.area };
  return todos.filter((u) => canReadVariable({ roles: conRol.filter((r) => r.userId === u.id) }, variable));
}

async function destinatariosSinFiltro(
  db: Db,
  regla: Pick<ReglaActiva, 'rolesDestino' | 'usuariosDestino'>,
): Promise<{ id: number; email: string | null }[]> {
  const todos = regla.rolesDestino.includes('TODOS');
  const porRol = regla.rolesDestino.filter((r) => r !== 'TODOS');
  // Super-admins are admins too (as everywhere in the app's permissions).
  if (porRol.includes('admin') && !porRol.includes('super-admin')) porRol.push('super-admin');
  if (!todos && porRol.length === 0 && regla.usuariosDestino.length === 0) return [];
  const conditions = [];
  if (todos) conditions.push(sql`true`);
  if (porRol.length > 0) conditions.push(inArray(roles.name, porRol));
  if (regla.usuariosDestino.length > 0) conditions.push(inArray(users.id, regla.usuariosDestino));
  return db
    .selectDistinct({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(isNull(users.deletedAt), or(...conditions)))
    .orderBy(users.id);
}

interface Apertura {
  regla: ReglaActiva;
  clave: string;
  origen: string;
  fecha: string;
  inicio: Date;
  valor: number;
  limite: number;
  enlace: string;
  /** Default: bpm on VIVO, the variable's on DIARIO. */
  unidad?: string | null;
  /** The sentence of the texts instead of "value (límite …)" (textos.ts). */
  detalle?: string;
}

/**
 * One pass over the rules: opens an alarm (and tells its recipients once) where a value crossed,
 * normalizes open alarms whose value is back inside by the dead band. Idempotent: run it twice,
 * on two servers, or after a restart, and nobody is told twice.
 */
export async function evaluarAlarmas(db: Db, options: EvaluacionOptions): Promise<ResultadoEvaluacion> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await t.execute(query)) as unknown as { rows: T[] }).rows;
    const [lock] = await rows<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`);
    if (!lock?.ok) return { abiertas: 0, normalizadas: 0, usuarios: [], evaluada: false };
    const [ahora] = await rows<{ now: string | Date }>(sql`select now() as now`);
    const dbNow = ahora ? new Date(ahora.now) : now;
    const [cursorRow] = await t
      .select({ valor: sistema.valor })
      .from(sistema)
      .where(eq(sistema.clave, CURSOR_KEY));
    const desde = cursorRow
      ? new Date(new Date(cursorRow.valor).getTime() - MARGEN_MS)
      : new Date(dbNow.getTime() - PRIMERA_VEZ_MS);

    const reglas = await reglasActivas(t);
    const abiertasAntes = reglas.length
      ? await t
          .select({ id: alarmas.id, reglaId: alarmas.reglaId, clave: alarmas.clave })
          .from(alarmas)
          .where(
            and(
              ne(alarmas.estado, 'NORMALIZADA'),
              inArray(
                alarmas.reglaId,
                reglas.map((r) => r.id),
              ),
            ),
          )
      : [];
    const abierta = new Map(abiertasAntes.map((a) => [`${a.reglaId}|${a.clave}`, a.id]));
    const aperturas: Apertura[] = [];
    const cierres: number[] = [];
    const decidir = (
      regla: ReglaActiva,
      clave: string,
      estado: ReturnType<typeof evaluarCondicion>,
      abrir: Omit<Apertura, 'regla' | 'clave' | 'limite' | 'detalle'> & {
        detalle?: (limite: number) => string;
      },
    ) => {
      const id = abierta.get(`${regla.id}|${clave}`);
      if (estado.tipo === 'fuera' && id === undefined)
        aperturas.push({
          ...abrir,
          regla,
          clave,
          limite: estado.limite,
          detalle: abrir.detalle?.(estado.limite),
        });
      else if (estado.tipo === 'normal' && id !== undefined) cierres.push(id);
    };

    // Daily values changed since the last pass.
    const diarias = reglas.filter((r) => r.fuente === 'DIARIO' && r.variableId !== null);
    if (diarias.length > 0) {
      const filas = await t
        .select({
          variableId: historicos.variableId,
          fecha: historicos.fecha,
          diario: historicos.diario,
          cambiadoAt: historicos.cambiadoAt,
          meta: sql<number | null>`coalesce(${historicos.meta}, ${metas.valor})`,
        })
        .from(historicos)
        .leftJoin(metas, and(eq(metas.variableId, historicos.variableId), eq(metas.fecha, historicos.fecha)))
        .where(
          and(
            inArray(historicos.variableId, [...new Set(diarias.map((r) => r.variableId as number))]),
            gt(historicos.cambiadoAt, desde),
          ),
        )
        .orderBy(historicos.fecha);
      for (const fila of filas) {
        for (const regla of diarias.filter((r) => r.variableId === fila.variableId)) {
          if (esCondicionParos(regla.condicion)) continue;
          // A rule alarms on values that change after it was saved; the days already written then
          // are what its 30-day preview is for.
          if (fila.cambiadoAt.getTime() <= new Date(regla.vigenteDesde).getTime()) continue;
          const limites: Limites = {
            minimo: regla.minimo,
            maximo: regla.maximo,
            meta: fila.meta,
            umbral: regla.umbral,
          };
          decidir(
            regla,
            fila.fecha,
            evaluarCondicion(regla.condicion, fila.diario, limites, regla.histeresis),
            {
              origen: regla.variableNombre ?? regla.nombre,
              fecha: fila.fecha,
              inicio: now,
              valor: fila.diario,
              enlace: enlaceDiario(regla.area ?? '', fila.fecha),
            },
          );
        }
      }
    }

    // Live speed over the last minutes.
    for (const regla of reglas.filter((r) => r.fuente === 'VIVO' && r.lineaNumero !== null)) {
      if (esCondicionParos(regla.condicion)) continue;
      const duracion = Math.max(1, regla.duracionMin);
      const minutos = await t
        .select({ fecha: scadaLecturas.fecha, velocidad: scadaLecturas.velocidad })
        .from(scadaLecturas)
        .where(
          and(
            eq(scadaLecturas.linea, regla.lineaNumero as number),
            gt(scadaLecturas.fecha, new Date(now.getTime() - (duracion + 2) * 60_000)),
            sql`${scadaLecturas.fecha} <= ${now}`,
          ),
        )
        .orderBy(scadaLecturas.fecha);
      const limites: Limites = { minimo: null, maximo: null, meta: null, umbral: regla.umbral };
      const estado = evaluarDuracion(
        regla.condicion,
        minutos.map((m) => m.velocidad),
        limites,
        regla.histeresis,
        duracion,
      );
      const primero = minutos.at(-duracion) ?? minutos[0];
      const ultimo = minutos.at(-1);
      if (!ultimo || !primero) continue;
      const fecha = productionDay(primero.fecha, options.timeZone);
      decidir(regla, '', estado, {
        origen: `Velocidad ${regla.lineaNombre ?? `Línea ${regla.lineaNumero}`}`,
        fecha,
        inicio: primero.fecha,
        valor: ultimo.velocidad,
        enlace: enlaceVivo(fecha),
      });
    }

    // A line's stops: those left without a reason too long, and the micro-stops of the last hour.
    const deParos = reglas.filter((r) => r.fuente === 'PAROS' && r.lineaId !== null);
    const sinMotivo = deParos.filter((r) => r.condicion === 'PARO_SIN_MOTIVO' && r.umbral !== null);
    for (const regla of sinMotivo) {
      const lineaId = regla.lineaId as number;
      const limiteMs = (regla.umbral as number) * 60_000;
      // A closed stop alarms when its threshold passed after the rule was saved (and within a day);
      // one still open always does, once it is longer than the line's micro-stop threshold too (until
      // then it may still end as a micro-stop, which needs no reason).
      const desde = new Date(
        Math.max(new Date(regla.vigenteDesde).getTime(), now.getTime() - ALCANCE_SIN_MOTIVO_MS),
      );
      const pendientes = await t
        .select({ id: paros.id, inicio: paros.inicio })
        .from(paros)
        .innerJoin(lineas, eq(lineas.id, paros.lineaId))
        .where(
          and(
            eq(paros.lineaId, lineaId),
            isNull(paros.motivoId),
            sql`${claseParo} <> 'MICROPARO'`,
            sql`${paros.inicio} < ${new Date(now.getTime() - limiteMs)}`,
            or(
              isNotNull(paros.fin),
              sql`${paros.inicio} <= ${now}::timestamptz - make_interval(secs => ${lineas.umbralMicroparoS})`,
            ),
            or(isNull(paros.fin), gt(paros.inicio, new Date(desde.getTime() - limiteMs))),
          ),
        )
        .orderBy(paros.inicio);
      for (const p of pendientes) {
        const minutos = minutosEntre(p.inicio, now);
        const fecha = productionDay(p.inicio, options.timeZone);
        decidir(
          regla,
          String(p.id),
          { tipo: 'fuera', limite: regla.umbral as number },
          {
            origen: `Paro sin motivo ${nombreLinea(regla)}`,
            fecha,
            inicio: p.inicio,
            valor: minutos,
            unidad: 'min',
            enlace: enlaceParo(lineaId),
            detalle: () => detalleParoSinMotivo(nombreLinea(regla), p.inicio, now, minutos, options.timeZone),
          },
        );
      }
    }
    // Normalized when its stop got a reason (or became a micro-stop, or is gone: split or deleted).
    const sinMotivoIds = new Set(sinMotivo.map((r) => r.id));
    const porParo = abiertasAntes.filter((a) => a.reglaId !== null && sinMotivoIds.has(a.reglaId));
    if (porParo.length > 0) {
      const ids = porParo.map((a) => Number(a.clave)).filter(Number.isSafeInteger);
      const siguen = new Set(
        (
          await t
            .select({ id: paros.id })
            .from(paros)
            .where(and(inArray(paros.id, ids), isNull(paros.motivoId), sql`${claseParo} <> 'MICROPARO'`))
        ).map((p) => String(p.id)),
      );
      for (const a of porParo) if (!siguen.has(a.clave)) cierres.push(a.id);
    }

    for (const regla of deParos.filter((r) => r.condicion === 'MICROPAROS_HORA' && r.umbral !== null)) {
      const lineaId = regla.lineaId as number;
      const maximo = regla.umbral as number;
      const micro = await t
        .select({ inicio: paros.inicio })
        .from(paros)
        .where(
          and(
            eq(paros.lineaId, lineaId),
            sql`${claseParo} = 'MICROPARO'`,
            gt(paros.inicio, new Date(now.getTime() - VENTANA_MICROPAROS_MS)),
            sql`${paros.inicio} <= ${now}`,
          ),
        )
        .orderBy(paros.inicio);
      const cuenta = micro.length;
      const ultimo = micro.at(-1)?.inicio ?? now;
      const fecha = productionDay(ultimo, options.timeZone);
      const limites: Limites = { minimo: null, maximo: null, meta: null, umbral: maximo };
      decidir(regla, '', evaluarCondicion('UMBRAL_SOBRE', cuenta, limites, regla.histeresis), {
        origen: `Microparos ${nombreLinea(regla)}`,
        fecha,
        inicio: ultimo,
        valor: cuenta,
        unidad: null,
        enlace: enlaceMicroparos(fecha, regla.lineaNumero as number),
        detalle: (limite) => detalleMicroparos(nombreLinea(regla), cuenta, limite),
      });
    }

    if (cierres.length > 0) {
      await t
        .update(alarmas)
        .set({ estado: 'NORMALIZADA', normalizadaAt: now })
        .where(and(inArray(alarmas.id, cierres), ne(alarmas.estado, 'NORMALIZADA')));
    }

    const usuarios = new Set<number>();
    let abiertas = 0;
    for (const a of aperturas) {
      const [alarma] = await t
        .insert(alarmas)
        .values({
          reglaId: a.regla.id,
          reglaNombre: a.regla.nombre,
          severidad: a.regla.severidad,
          estado: 'ACTIVA',
          clave: a.clave,
          origen: a.origen,
          area: a.regla.area,
          lineaId: a.regla.lineaId,
          unidad: a.unidad !== undefined ? a.unidad : a.regla.fuente === 'VIVO' ? 'bpm' : a.regla.unidad,
          fecha: a.fecha,
          inicio: a.inicio,
          valor: a.valor,
          limite: a.limite,
          enlace: a.enlace,
        })
        .onConflictDoNothing()
        .returning();
      if (!alarma) continue;
      abiertas += 1;
      const para = await destinatarios(t, a.regla);
      const texto = textoAlarma(alarma, a.regla.decimales ?? 2, options.timeZone, a.detalle);
      if (a.regla.canalApp && para.length > 0) {
        const creadas = await t
          .insert(notificaciones)
          .values(
            para.map((u) => ({
              userId: u.id,
              reglaId: a.regla.id,
              alarmaId: alarma.id,
              severidad: alarma.severidad,
              enlace: alarma.enlace,
              titulo: texto.titulo,
              mensaje: texto.mensaje,
            })),
          )
          .onConflictDoNothing()
          .returning({ userId: notificaciones.userId });
        for (const c of creadas) usuarios.add(c.userId);
      }
      if (a.regla.canalEmail && options.correo) {
        const correos: Mensaje[] = para
          .filter((u): u is { id: number; email: string } => Boolean(u.email))
          .map((u) => ({
            destinatario: u.email,
            motivo: `alarma:${alarma.id}`,
            ...texto.correo(options.publicUrl),
          }));
        await encolarCorreos(t, correos);
      }
    }

    await t
      .insert(sistema)
      .values({ clave: CURSOR_KEY, valor: dbNow.toISOString() })
      .onConflictDoUpdate({ target: sistema.clave, set: { valor: dbNow.toISOString() } });
    return { abiertas, normalizadas: cierres.length, usuarios: [...usuarios], evaluada: true };
  });
}
