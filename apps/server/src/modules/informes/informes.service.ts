import {
  fechaHoraPlanta,
  findRoute,
  hasHumanResources,
  isAdmin,
  productionDay,
  REPORT_PARAMS,
  type RouteInfo,
} from '@planta/domain';
import { badInput, forbidden } from '../../errors.ts';
import type { Viewer } from '../auth/auth.service.ts';
import type { Exportacion, IniciarExportacion } from '../exportaciones/exportaciones.service.ts';
import type { DefinicionInforme, ParametrosInforme, ServiciosInforme } from './definicion.ts';
import {
  informeConfigLineas,
  informeConfigNotificaciones,
  informeConfigMttrMttf,
  informeConfigPlanificacion,
  informeConfigProductividad,
  informeConfigVariables,
  informeConfigZeroWaste,
} from './configuracion.ts';
import { informeEficienciaPagada } from './eficiencia-pagada.ts';
import { informeFabrica } from './fabrica.ts';
import type { InformesRepository } from './informes.repository.ts';
import { informeLineas } from './lineas.ts';
import { informeMantenimiento } from './mantenimiento.ts';
import { informePerdidas } from './perdidas.ts';
import { informePendiente } from './pendiente.ts';
import { informePlanificacion } from './planificacion.ts';
import { informeRendimiento } from './rendimiento.ts';
import { informeAsistencia, informeHorasExtra } from './rrhh.ts';
import { generarEnHilo } from './hilo.ts';
import { informeUtilidades } from './utilidades.ts';
import { informeMenu, informeReportes, informeUsuarios } from './indices.ts';
import { informeZeroWaste } from './zero-waste.ts';
import { informeReporteAire } from './reporte-aire.ts';
import { informeReporteContadores } from './reporte-contadores.ts';
import { informeReporteScada } from './reporte-scada.ts';
import { informeEficienciaEnergetica } from './eficiencia-energetica.ts';

/** The exports store (exportaciones.service.ts): the PDF is written and downloaded through it. */
export interface AlmacenExportaciones {
  iniciar(user: Viewer, opts: IniciarExportacion): Promise<Exportacion>;
}

/** The screens with a report of their own; the others get informePendiente. */
const DEFINICIONES: Readonly<Record<string, DefinicionInforme>> = {
  '/fabrica': informeFabrica,
  '/mantenimiento': informeMantenimiento,
  '/fabrica/perdidas': informePerdidas,
  '/eficiencia_pagada': informeEficienciaPagada,
  '/mantenimiento/utilidades': informeUtilidades,
  '/rendimiento': informeRendimiento,
  '/planificacion': informePlanificacion,
  '/fabrica/lineas': informeLineas,
  '/recursos-humanos': informeHorasExtra,
  '/recursos-humanos/asistencia-diaria': informeAsistencia,
  '/zero-waste': informeZeroWaste,
  '/reportes/aire': informeReporteAire,
  '/reportes/contadores': informeReporteContadores,
  '/reportes/scada': informeReporteScada,
  '/mantenimiento/eficiencia': informeEficienciaEnergetica,
  '/menu': informeMenu,
  '/reportes': informeReportes,
  '/users': informeUsuarios,
  '/configuracion': informeConfigVariables,
  '/configuracion/planificacion': informeConfigPlanificacion,
  '/configuracion/productividad': informeConfigProductividad,
  '/configuracion/mttr-mttf': informeConfigMttrMttf,
  '/configuracion/zero-waste': informeConfigZeroWaste,
  '/configuracion/lineas': informeConfigLineas,
  '/configuracion/notificaciones': informeConfigNotificaciones,
};

const PARAMETROS = REPORT_PARAMS;
const MAX_PARAMETRO = 200;

/** Who may open a route may get its report (packages/domain routes.ts access). */
function requireAcceso(viewer: Viewer, route: RouteInfo) {
  if (route.access === 'admin' && !isAdmin(viewer)) {
    throw forbidden(`El reporte de «${route.title}» requiere el rol admin.`);
  }
  if (route.access === 'human-resources' && !hasHumanResources(viewer)) {
    throw forbidden(`El reporte de «${route.title}» requiere el permiso de recursos humanos.`);
  }
}

function leerParametros(raw: unknown): ParametrosInforme {
  if (raw == null) return {};
  if (typeof raw !== 'object') throw badInput('El campo "parametros" debe ser un objeto', 'parametros');
  const fuente = raw as Record<string, unknown>;
  const parametros: ParametrosInforme = {};
  for (const clave of PARAMETROS) {
    const valor = fuente[clave];
    if (valor == null) continue;
    if (typeof valor !== 'string' || valor.length > MAX_PARAMETRO) {
      throw badInput(`El campo "${clave}" debe ser un texto de hasta ${MAX_PARAMETRO} caracteres`, clave);
    }
    parametros[clave] = valor.trim();
  }
  return parametros;
}

/**
 * The "Reporte" button: a PDF of a screen for its date, range and filters, made on the server
 * (so the same report can later be scheduled and e-mailed) and stored as an export.
 */
export class InformesService {
  constructor(
    private readonly repo: InformesRepository,
    private readonly servicios: ServiciosInforme,
    private readonly exportaciones: AlmacenExportaciones,
    private readonly plantTz: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Checks the route, the access and the parameters, and prepares the report's data queries. */
  private async preparar(viewer: Viewer, rutaArg: unknown, parametrosArg: unknown, programadoPor?: string) {
    if (typeof rutaArg !== 'string' || rutaArg.length === 0 || rutaArg.length > MAX_PARAMETRO) {
      throw badInput('El campo "ruta" debe ser la ruta de una pantalla, como /fabrica', 'ruta');
    }
    const route = findRoute(rutaArg.split(/[?#]/)[0]!);
    if (!route)
      throw badInput(`El campo "ruta" no es una pantalla de la aplicación: ${rutaArg.slice(0, 60)}`, 'ruta');
    if (!route.reportButton) {
      throw badInput(`La pantalla «${route.title}» no tiene reporte en PDF`, 'ruta');
    }
    requireAcceso(viewer, route);
    const parametros = leerParametros(parametrosArg);
    const ahora = this.now();
    const definicion =
      DEFINICIONES[route.path] ?? informePendiente(route.title, route.path.slice(1).replace(/\W+/g, '-'));
    // Parameters are checked here: a bad one is the mutation's error, not a failed export.
    const preparado = await definicion({
      viewer,
      plantTz: this.plantTz,
      hoy: productionDay(ahora, this.plantTz),
      parametros,
      servicios: this.servicios,
    });
    const planta = (await this.repo.nombrePlanta()) ?? 'Planta';
    const generar = async (opciones: { progreso?: (f: number) => void; signal?: AbortSignal } = {}) => {
      const secciones = await preparado.secciones();
      opciones.signal?.throwIfAborted();
      return generarEnHilo(
        {
          encabezado: {
            titulo: route.title,
            planta,
            periodo: preparado.periodo,
            generadoPor: viewer.name,
            ...(programadoPor ? { programadoPor } : {}),
            generadoEn: fechaHoraPlanta(ahora, this.plantTz),
            zonaHoraria: this.plantTz,
          },
          secciones,
        },
        opciones,
      );
    };
    return { route, preparado, generar };
  }

  async generarReportePdf(viewer: Viewer, rutaArg: unknown, parametrosArg: unknown): Promise<Exportacion> {
    const { route, preparado, generar } = await this.preparar(viewer, rutaArg, parametrosArg);
    return this.exportaciones.iniciar(viewer, {
      informe: route.title,
      archivo: preparado.archivo,
      formato: 'PDF',
      parametros: { ...preparado.parametros, ruta: route.path },
      ...(route.access === 'human-resources' ? { permiso: 'human-resources' as const } : {}),
      escribir: async ({ salida, progreso, signal }) => {
        const bytes = await generar({ progreso, signal });
        await new Promise<void>((resolve, reject) =>
          salida.write(bytes, (error) => (error ? reject(error) : resolve())),
        );
      },
    });
  }

  /**
   * The same PDF, made at once (scheduled reports): its title, file name and bytes; `programadoPor`
   * (who saved the schedule) is printed in its header.
   */
  async renderizar(
    viewer: Viewer,
    ruta: string,
    parametros: Record<string, string>,
    opciones: { programadoPor?: string } = {},
  ): Promise<{ titulo: string; periodo: string; archivo: string; bytes: Buffer }> {
    const { route, preparado, generar } = await this.preparar(
      viewer,
      ruta,
      parametros,
      opciones.programadoPor,
    );
    return {
      titulo: route.title,
      periodo: preparado.periodo,
      archivo: preparado.archivo,
      bytes: await generar(),
    };
  }
}
