/**
 * Exports: files written in the background to DATA_DIR/exports/<id> (id = 128 random bits), listed
 * in the `exportaciones` table, downloadable by their owner (and admins) for 24 h.
 *
 * How another module uses it: registry.ts builds ONE ExportacionesService per app
 * (`servicios(deps).exportaciones`); pass it to your resolvers from buildModules and call
 *
 *   const exportacion = await exportaciones.iniciar(viewer, {
 *     informe: 'Reporte de Aire', archivo: 'reporte-aire_2026-11-01_2026-11-24', formato: 'XLSX',
 *     parametros: { desde, hasta, intervalo },
 *     hojas: async () => [{ nombre, columnas, filas, totalFilas }],   // tables: XLSX/CSV written here
 *     // or, for bytes you write yourself (PDF):
 *     escribir: async ({ salida, progreso, signal }) => { ... },
 *   });
 *   return exportacion;   // the GraphQL Exportacion (estado EN_PROCESO, file_url)
 *
 * iniciar validates and reserves synchronously (errors go back to the mutation), then returns at
 * once; the work runs in the background. Throw an AppError (badInput…) inside hojas/escribir and
 * its Spanish message becomes the export's `error`.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { findRoute, hasHumanResources, isAdmin } from '@planta/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badInput, tooManyRequests } from '../../errors.ts';
import type { Viewer } from '../auth/auth.service.ts';
import type { ExportacionRow, ExportacionesRepository } from './exportaciones.repository.ts';
import {
  escribirCsv,
  escribirXlsx,
  precalentarXlsx,
  type Encabezado,
  type HojaExport,
} from './exportaciones.writer.ts';

export type { ColumnaExport, HojaExport } from './exportaciones.writer.ts';

export type FormatoExportacion = 'XLSX' | 'CSV' | 'PDF';
export type EstadoExportacion = 'EN_PROCESO' | 'LISTA' | 'ERROR';

/** The GraphQL Exportacion. */
export interface Exportacion {
  id: string;
  informe: string;
  nombre: string;
  formato: FormatoExportacion;
  desde: string | null;
  hasta: string | null;
  intervalo: string | null;
  estado: EstadoExportacion;
  progreso: number;
  filas: number;
  bytes: number | null;
  creada: Date;
  expira: Date;
  file_url: string;
  error: string | null;
}

export interface ContextoEscribir {
  salida: NodeJS.WritableStream;
  progreso(f: number): void;
  signal: AbortSignal;
}

export interface IniciarExportacion {
  /** 'Reporte de Aire' */
  informe: string;
  /** Base name without extension, e.g. 'reporte-aire_2026-11-01_2026-11-24'. */
  archivo: string;
  formato: FormatoExportacion;
  parametros: { desde?: string; hasta?: string; intervalo?: string; [k: string]: unknown };
  hojas?: () => Promise<HojaExport[]>;
  escribir?: (ctx: ContextoEscribir) => Promise<void>;
  /**
   * 'human-resources' for data of the HR screens: the file then answers only to users who may
   * read HR (its owner while they still may), never to an admin without the permission.
   */
  permiso?: PermisoExportacion;
}

/** The permission an export's data needs beyond a session (the HR screens'). */
export type PermisoExportacion = 'human-resources';

/** The user an export belongs to (a Viewer satisfies it). */
export type UsuarioExportacion = Pick<Viewer, 'id' | 'name' | 'roles'>;

export const EXTENSION: Record<FormatoExportacion, string> = { XLSX: 'xlsx', CSV: 'csv', PDF: 'pdf' };
export const CONTENT_TYPE: Record<FormatoExportacion, string> = {
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  CSV: 'text/csv; charset=utf-8',
  PDF: 'application/pdf',
};

export const ID_EXPORTACION = /^[0-9a-f]{32}$/;

export interface ExportacionesOptions {
  /** DATA_DIR: the files go to DATA_DIR/exports. */
  dataDir: string;
  plantTz: string;
  logger?: FastifyBaseLogger;
  /** How long a file may be downloaded (24 h). */
  vigenciaMs?: number;
  /** Exports running at once per user (2). */
  maxPorUsuario?: number;
  /** Exports running at once in this process (4). */
  maxGlobal?: number;
  /** Sweep period (10 min). */
  barridoMs?: number;
  /** How long opening file_url waits for an export still being written (55 s). */
  esperaDescargaMs?: number;
  /** Downloads of one user waiting for their export at once (3); more answer 429. */
  maxEsperasPorUsuario?: number;
  /** Downloads waiting at once in this process (100). */
  maxEsperas?: number;
  /** How often a waiting download re-reads a row written by another server (1 s). */
  sondeoMs?: number;
  now?: () => number;
}

/** Why a download stopped waiting for its export: the bound passed, or the client/server left. */
export type FinEspera = 'plazo' | 'cancelada';

/** At most this many exports in the caller's list. */
export const MAX_LISTA = 50;
/** Rows of expired exports are forgotten this long after expiry (until then: 410). */
const OLVIDO_MS = 7 * 86_400_000;
/** An EN_PROCESO row older than this belongs to a process that stopped. */
const ABANDONO_MS = 2 * 3_600_000;

interface Trabajo {
  userId: number;
  abort: AbortController;
  done: Promise<void>;
}

export class ExportacionesService {
  readonly dir: string;
  private readonly vigenciaMs: number;
  private readonly maxPorUsuario: number;
  private readonly maxGlobal: number;
  private readonly now: () => number;
  private readonly trabajos = new Map<string, Trabajo>();
  private readonly reservas = new Map<number, number>();
  /** Downloads waiting for their export to be written, per user, and in all. */
  private readonly esperas = new Map<number, number>();
  private esperasTotal = 0;
  private readonly cierre = new AbortController();
  /** How long a download waits for an export being written (tests shorten it). */
  esperaDescargaMs: number;
  private barrido: NodeJS.Timeout | undefined;
  private cerrado = false;
  private cancelarPrecalentado: (() => void) | undefined;
  private precalentado: Promise<void> = Promise.resolve();
  /** Where failures are logged (the app's logger, set by registry.ts). */
  logger: FastifyBaseLogger | undefined;

  constructor(
    private readonly repo: ExportacionesRepository,
    private readonly options: ExportacionesOptions,
  ) {
    this.dir = path.join(options.dataDir, 'exports');
    this.vigenciaMs = options.vigenciaMs ?? 24 * 3_600_000;
    this.maxPorUsuario = options.maxPorUsuario ?? 2;
    this.maxGlobal = options.maxGlobal ?? 4;
    this.now = options.now ?? Date.now;
    this.logger = options.logger;
    this.esperaDescargaMs = options.esperaDescargaMs ?? 55_000;
  }

  /** The file of an export on disk (the id is checked: never a path from the request). */
  ruta(id: string): string {
    if (!ID_EXPORTACION.test(id)) throw new Error('id de exportación no válido');
    return path.join(this.dir, id);
  }

  /** Starts an export in the background and returns it at once (estado EN_PROCESO). */
  async iniciar(user: UsuarioExportacion, opts: IniciarExportacion): Promise<Exportacion> {
    if (this.cerrado)
      throw new AppError('SERVICE_UNAVAILABLE', 'El servidor se está deteniendo. Inténtelo de nuevo.');
    if (!(opts.formato in EXTENSION))
      throw badInput('El campo "formato" debe ser XLSX, CSV o PDF', 'formato');
    if (opts.formato === 'PDF' ? !opts.escribir : !opts.hojas && !opts.escribir) {
      throw new Error('iniciar: hojas (XLSX/CSV) o escribir (PDF) es obligatorio');
    }
    // Reserved before any await: two clicks at once cannot both pass.
    const activos = this.reservas.get(user.id) ?? 0;
    if (activos >= this.maxPorUsuario) throw this.demasiadas();
    if (this.trabajos.size >= this.maxGlobal) {
      throw tooManyRequests('El servidor está generando otras exportaciones. Inténtelo en un minuto.', 30);
    }
    this.reservas.set(user.id, activos + 1);
    let lanzado = false;
    try {
      // Other servers on the same PostgreSQL count too.
      if ((await this.repo.enProceso(user.id)) >= this.maxPorUsuario) throw this.demasiadas();
      const creada = new Date(this.now());
      const row = await this.repo.crear({
        id: randomBytes(16).toString('hex'),
        userId: user.id,
        informe: opts.informe.slice(0, 200),
        nombre: `${nombreArchivo(opts.archivo)}.${EXTENSION[opts.formato]}`,
        formato: opts.formato,
        parametros: conPermiso(opts.parametros, opts.permiso),
        estado: 'EN_PROCESO',
        progreso: 0,
        creada,
        expira: new Date(creada.getTime() + this.vigenciaMs),
      });
      this.lanzar(row, user, opts);
      lanzado = true;
      return aGraphql(row);
    } finally {
      if (!lanzado) this.liberar(user.id);
    }
  }

  private demasiadas() {
    return tooManyRequests(
      `Ya tiene ${this.maxPorUsuario} exportaciones en curso. Espere a que terminen para iniciar otra.`,
      10,
    );
  }

  private liberar(userId: number) {
    const n = (this.reservas.get(userId) ?? 1) - 1;
    if (n <= 0) this.reservas.delete(userId);
    else this.reservas.set(userId, n);
  }

  private lanzar(row: ExportacionRow, user: UsuarioExportacion, opts: IniciarExportacion) {
    const abort = new AbortController();
    const done = this.generar(row, user, opts, abort.signal)
      .catch((err) => this.logger?.error({ err, id: row.id }, 'exportación: fallo inesperado'))
      .finally(() => {
        this.trabajos.delete(row.id);
        this.liberar(user.id);
      });
    this.trabajos.set(row.id, { userId: user.id, abort, done });
  }

  private async generar(
    row: ExportacionRow,
    user: UsuarioExportacion,
    opts: IniciarExportacion,
    signal: AbortSignal,
  ) {
    const parcial = path.join(this.dir, `${row.id}.part`);
    // Progress goes to the database at most every 300 ms, in order.
    let ultimo = 0;
    let cola = Promise.resolve();
    let filas = 0;
    const guardar = (fraccion: number, n: number) => {
      const t = Date.now();
      if (t - ultimo < 300) return;
      ultimo = t;
      cola = cola.then(() => this.repo.progreso(row.id, Math.min(0.99, fraccion), n)).catch(() => {});
    };
    try {
      await mkdir(this.dir, { recursive: true });
      const salida = createWriteStream(parcial, { flags: 'wx', mode: 0o600 });
      const abierto = new Promise<void>((resolve, reject) => {
        salida.once('finish', resolve);
        salida.once('error', reject);
      });
      abierto.catch(() => {});
      try {
        if (opts.escribir) {
          await opts.escribir({
            salida,
            progreso: (f) => guardar(Number.isFinite(f) ? f : 0, 0),
            signal,
          });
        } else {
          // The export loads the writer itself: the warm-up a minute after start is no longer needed.
          this.cancelarPrecalentado?.();
          const hojas = await opts.hojas!();
          signal.throwIfAborted();
          const esperadas = hojas.reduce((s, h) => s + (h.totalFilas ?? 0), 0);
          const enc: Encabezado = {
            planta: (await this.repo.nombrePlanta()) ?? 'Planta',
            informe: opts.informe,
            desde: fechaParametro(opts.parametros.desde),
            hasta: fechaParametro(opts.parametros.hasta),
            intervalo: typeof opts.parametros.intervalo === 'string' ? opts.parametros.intervalo : null,
            generadoPor: user.name,
            generadoEn: new Date(this.now()),
            zonaHoraria: this.options.plantTz,
          };
          const ctx = {
            signal,
            progreso: (n: number) => {
              filas = n;
              guardar(esperadas > 0 ? n / esperadas : 0, n);
            },
          };
          filas =
            opts.formato === 'CSV'
              ? await escribirCsv(salida, hojas, enc, ctx)
              : await escribirXlsx(salida, hojas, enc, ctx);
        }
        signal.throwIfAborted();
        salida.end();
        await abierto;
      } catch (error) {
        salida.destroy();
        throw error;
      }
      const { size } = await stat(parcial);
      await rename(parcial, this.ruta(row.id));
      await cola;
      await this.repo.terminar(row.id, filas, size);
    } catch (error) {
      await rm(parcial, { force: true }).catch(() => {});
      await cola;
      const mensaje =
        error instanceof AppError
          ? error.message
          : signal.aborted
            ? 'La exportación se interrumpió (el servidor se detuvo). Vuelva a exportar.'
            : 'No se pudo generar la exportación. Inténtelo de nuevo.';
      if (!(error instanceof AppError) && !signal.aborted) {
        this.logger?.error({ err: error, id: row.id }, 'exportación fallida');
      }
      await this.repo.fallar(row.id, mensaje).catch(() => {});
    }
  }

  /**
   * An export by id for this viewer, else null (not found): an HR export to who may read HR, any
   * other to its owner or an admin.
   */
  async buscar(viewer: UsuarioExportacion, id: unknown): Promise<ExportacionRow | null> {
    if (typeof id !== 'string' || !ID_EXPORTACION.test(id)) return null;
    const row = await this.repo.buscar(id);
    return row && puedeVer(viewer, row) ? row : null;
  }

  /**
   * A download that opened file_url while the export is being written waits for it to end: on its
   * job's promise when this process writes it, re-reading the row every `sondeoMs` when another
   * server does; at most `esperaDescargaMs`, and no longer than the client stays (`signal`) or the
   * server runs. Returns the row as it is then (null: gone), or why it stopped waiting. A user holds at most
   * `maxEsperasPorUsuario` waiting downloads (the process `maxEsperas`): past that, 429.
   */
  async esperarTerminada(
    viewer: UsuarioExportacion,
    row: ExportacionRow,
    signal: AbortSignal,
  ): Promise<ExportacionRow | null | FinEspera> {
    if (row.estado !== 'EN_PROCESO') return row;
    const propias = this.esperas.get(viewer.id) ?? 0;
    const porUsuario = this.options.maxEsperasPorUsuario ?? 3;
    if (propias >= porUsuario || this.esperasTotal >= (this.options.maxEsperas ?? 100)) {
      throw tooManyRequests(
        propias >= porUsuario
          ? `Ya tiene ${porUsuario} descargas esperando a que terminen sus exportaciones. Espere a que terminen.`
          : 'El servidor tiene demasiadas descargas en espera. Inténtelo en unos segundos.',
        5,
      );
    }
    this.esperas.set(viewer.id, propias + 1);
    this.esperasTotal++;
    // One signal for the three ends (bound, client gone, server closing), its listeners removed after.
    const fin = new AbortController();
    let vencido = false;
    const timer = setTimeout(() => {
      vencido = true;
      fin.abort();
    }, this.esperaDescargaMs);
    const cancelar = () => fin.abort();
    for (const s of [signal, this.cierre.signal]) {
      if (s.aborted) fin.abort();
      else s.addEventListener('abort', cancelar, { once: true });
    }
    try {
      let actual: ExportacionRow | null = row;
      while (actual?.estado === 'EN_PROCESO') {
        const trabajo = this.trabajos.get(row.id);
        const espera = trabajo?.done ?? dormir(this.options.sondeoMs ?? 1000, fin.signal);
        if (!(await hastaQue(fin.signal, espera))) return vencido ? 'plazo' : 'cancelada';
        actual = await this.repo.buscar(row.id);
      }
      return actual;
    } finally {
      clearTimeout(timer);
      for (const s of [signal, this.cierre.signal]) s.removeEventListener('abort', cancelar);
      const n = (this.esperas.get(viewer.id) ?? 1) - 1;
      if (n <= 0) this.esperas.delete(viewer.id);
      else this.esperas.set(viewer.id, n);
      this.esperasTotal--;
    }
  }

  async exportacion(viewer: UsuarioExportacion, id: unknown): Promise<Exportacion | null> {
    const row = await this.buscar(viewer, id);
    return row ? aGraphql(row) : null;
  }

  /** The caller's unexpired exports, newest first (at most MAX_LISTA). */
  async lista(viewer: UsuarioExportacion): Promise<Exportacion[]> {
    return (await this.repo.recientes(viewer.id, new Date(this.now()), MAX_LISTA))
      .filter((row) => puedeVer(viewer, row))
      .map(aGraphql);
  }

  /** Downloads waiting for their export right now (tests; a number for the operator). */
  get descargasEsperando(): number {
    return this.esperasTotal;
  }

  caducada(row: ExportacionRow): boolean {
    return row.expira.getTime() <= this.now();
  }

  /** Starts the periodic sweep (and runs it once now); loads the .xlsx writer's modules. */
  iniciarBarrido(): void {
    const periodo = this.options.barridoMs ?? 10 * 60_000;
    void this.barrer();
    // exceljs's first load holds the event loop ~200 ms: not during start-up (the demo backfill,
    // the first requests), but a minute later, unless an export needs it first.
    this.precalentado = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.cancelarPrecalentado = undefined;
        precalentarXlsx()
          .catch((err) => this.logger?.warn({ err }, 'no se pudo precargar el generador de .xlsx'))
          .finally(resolve);
      }, 60_000);
      timer.unref();
      this.cancelarPrecalentado = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.barrido = setInterval(() => void this.barrer(), periodo);
    this.barrido.unref();
  }

  /**
   * Deletes the files of expired exports, orphan files (no row) and stale partial files; forgets
   * rows a week after expiry; marks jobs of a stopped process as failed.
   */
  async barrer(): Promise<void> {
    try {
      const now = new Date(this.now());
      await this.repo.abandonadas(new Date(now.getTime() - ABANDONO_MS));
      for (const id of await this.repo.caducadas(now)) await rm(this.ruta(id), { force: true });
      await this.repo.olvidar(new Date(now.getTime() - OLVIDO_MS));
      let nombres: string[] = [];
      try {
        nombres = await readdir(this.dir);
      } catch {
        return;
      }
      const ids = nombres.filter((n) => ID_EXPORTACION.test(n));
      const vivos = await this.repo.existentes(ids);
      for (const nombre of nombres) {
        const file = path.join(this.dir, nombre);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) continue;
        const viejo = now.getTime() - info.mtimeMs > 3_600_000;
        const huerfano = ID_EXPORTACION.test(nombre) ? !vivos.has(nombre) : true;
        const enCurso = nombre.endsWith('.part') && this.trabajos.has(nombre.slice(0, -5));
        if (huerfano && viejo && !enCurso) await rm(file, { force: true });
      }
    } catch (err) {
      this.logger?.warn({ err }, 'no se pudo barrer las exportaciones caducadas');
    }
  }

  /** Stops the sweep, aborts running exports and waits for them (app close). */
  async cerrar(): Promise<void> {
    this.cerrado = true;
    this.cierre.abort();
    this.cancelarPrecalentado?.();
    if (this.barrido) clearInterval(this.barrido);
    await this.precalentado;
    for (const t of this.trabajos.values()) t.abort.abort();
    await Promise.all([...this.trabajos.values()].map((t) => t.done));
  }

  /** Waits for the running exports (tests, bench). */
  async esperar(): Promise<void> {
    await Promise.all([...this.trabajos.values()].map((t) => t.done));
  }
}

/** The parameters as stored: `permiso` is set here only, never taken from the caller's parameters. */
function conPermiso(
  parametros: IniciarExportacion['parametros'],
  permiso: PermisoExportacion | undefined,
): Record<string, unknown> {
  const { permiso: _ignorado, ...resto } = parametros;
  return permiso ? { ...resto, permiso } : resto;
}

/**
 * Whether the export holds HR data: marked when started, or (rows from before the mark) a PDF of
 * an HR screen.
 */
export function exportacionRrhh(row: Pick<ExportacionRow, 'parametros'>): boolean {
  const p = (row.parametros ?? {}) as Record<string, unknown>;
  if (p.permiso === 'human-resources') return true;
  return typeof p.ruta === 'string' && findRoute(p.ruta)?.access === 'human-resources';
}

/** HR exports answer to who may read HR (as every HR path); the others to their owner or an admin. */
export function puedeVer(viewer: UsuarioExportacion, row: Pick<ExportacionRow, 'userId' | 'parametros'>) {
  if (exportacionRrhh(row)) return hasHumanResources(viewer);
  return row.userId === viewer.id || isAdmin(viewer);
}

/** Resolves true when `promesa` settles, false when `signal` aborts first. */
function hastaQue(signal: AbortSignal, promesa: Promise<unknown>): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    const alAbortar = () => resolve(false);
    signal.addEventListener('abort', alAbortar, { once: true });
    promesa.then(
      () => {
        signal.removeEventListener('abort', alAbortar);
        resolve(true);
      },
      () => {
        signal.removeEventListener('abort', alAbortar);
        resolve(true);
      },
    );
  });
}

/** A pause of `ms` that ends early (resolving) when `signal` aborts. */
function dormir(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(fin, ms);
    function fin() {
      clearTimeout(timer);
      signal.removeEventListener('abort', fin);
      resolve();
    }
    signal.addEventListener('abort', fin, { once: true });
  });
}

function fechaParametro(valor: unknown): Date | null {
  if (typeof valor !== 'string') return null;
  const d = new Date(valor);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A safe file base name: letters, digits, . _ - (no path, no control characters), ≤ 100 chars. */
export function nombreArchivo(archivo: string): string {
  const limpio = archivo
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[.-]+/, '')
    .replace(/-+/g, '-')
    .slice(0, 100);
  return limpio || 'exportacion';
}

export function aGraphql(row: ExportacionRow): Exportacion {
  const p = (row.parametros ?? {}) as Record<string, unknown>;
  const texto = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: row.id,
    informe: row.informe,
    nombre: row.nombre,
    formato: row.formato,
    desde: texto(p.desde),
    hasta: texto(p.hasta),
    intervalo: texto(p.intervalo),
    estado: row.estado,
    progreso: row.progreso,
    filas: row.filas,
    bytes: row.bytes === null ? null : Number(row.bytes),
    creada: row.creada,
    expira: row.expira,
    file_url: `/api/exportaciones/${row.id}`,
    error: row.error,
  };
}
