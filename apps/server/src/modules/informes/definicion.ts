import { isIsoDate } from '@planta/domain';
import type { AlarmasService } from '../alarmas/alarmas.service.ts';
import { formatFecha, formatFechaLarga } from '@planta/charts';
import { badInput } from '../../errors.ts';
import type { Viewer } from '../auth/auth.service.ts';
import type { EficienciaPagadaService } from '../eficiencia-pagada/eficiencia-pagada.service.ts';
import type { LineasService } from '../lineas/lineas.service.ts';
import type { MantenimientoService } from '../mantenimiento/mantenimiento.service.ts';
import type { ProduccionService } from '../produccion/produccion.service.ts';
import type { ReportesService } from '../reportes/reportes.service.ts';
import type { RrhhService } from '../rrhh/rrhh.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ExportacionesService } from '../exportaciones/exportaciones.service.ts';
import type { UtilidadesService } from '../utilidades/utilidades.service.ts';
import type { VariablesService } from '../variables/variables.service.ts';
import type { ZeroWasteService } from '../zero-waste/zero-waste.service.ts';
import type { CatalogoService } from '../lineas/catalogo.service.ts';
import type { OpcService } from '../opc/opc.service.ts';
import type { ParosService } from '../paros/paros.service.ts';
import type { PerdidasService } from '../perdidas/perdidas.service.ts';
import type { PlanificacionesService } from '../planificaciones/planificaciones.service.ts';
import type { TurnosService } from '../turnos/turnos.service.ts';
import type { EficienciaRepository } from '../eficiencia/eficiencia.repository.ts';
import type { Seccion } from './informe.ts';

/** The screen's query parameters a report may use (strings, as in the URL). */
export interface ParametrosInforme {
  fecha?: string | null;
  desde?: string | null;
  hasta?: string | null;
  variable?: string | null;
  linea?: string | null;
  mes?: string | null;
  anio?: string | null;
  /** The HR screens' area filter. */
  area?: string | null;
  /** The reports' interval (aire: '1h'…; scada: 'HORA'…). */
  intervalo?: string | null;
  /** Reporte de Contadores: grouping, line numbers ('1,2') and the charted figure. */
  agrupacion?: string | null;
  lineas?: string | null;
  serie?: string | null;
  /** Reporte de Variables SCADA: the picked variables' ids ('12,15'). */
  variables?: string | null;
  /** /fabrica/perdidas: the shift's number. */
  turno?: string | null;
}

/** The existing services the definitions read through (never their own SQL). */
export interface ServiciosInforme {
  variables: VariablesService;
  lineas: LineasService;
  mantenimiento: MantenimientoService;
  produccion: ProduccionService;
  eficienciaPagada: EficienciaPagadaService;
  utilidades: UtilidadesService;
  rrhh: RrhhService;
  zeroWaste: ZeroWasteService;
  reportes: ReportesService;
  eficiencia: EficienciaRepository;
  usuarios: Pick<UsersService, 'list'>;
  exportaciones: Pick<ExportacionesService, 'lista'>;
  /** The configuration screens' catalogues (issue 16) and /planificacion's plan against production. */
  planificaciones: Pick<
    PlanificacionesService,
    'planificaciones' | 'volumenDiario' | 'cumplimientoProduccion' | 'volumenMensual'
  >;
  turnos: Pick<TurnosService, 'turnos'>;
  paros: Pick<ParosService, 'list' | 'manuales'>;
  catalogo: Pick<
    CatalogoService,
    'lineas' | 'productos' | 'presentaciones' | 'productoPresentaciones' | 'velocidades'
  >;
  opc: Pick<OpcService, 'mapeosLineas' | 'mapeosVariables'>;
  /** Alarm rules and alarms (issue 17). */
  alarmas: Pick<AlarmasService, 'reglas' | 'alarmas'>;
  /** /fabrica/perdidas (issue 33 item 5). */
  perdidas: Pick<PerdidasService, 'perdidasOee'>;
  /** First production day with history (null when empty). */
  primerDia(): Promise<string | null>;
}

export interface ContextoInforme {
  viewer: Viewer;
  plantTz: string;
  /** The production day in progress. */
  hoy: string;
  parametros: ParametrosInforme;
  servicios: Required<ServiciosInforme>;
}

/** A report ready to be written: what it covers, and its sections (computed in the background). */
export interface InformePreparado {
  /** The period in words, for the header. */
  periodo: string;
  /** For the file name: 'fabrica_2026-11-21'. */
  archivo: string;
  /** What is stored with the export (the resolved period). */
  parametros: { desde?: string; hasta?: string; [k: string]: unknown };
  secciones(): Promise<Seccion[]>;
}

/** A screen's PDF report: checks its parameters at once (errors go back to the mutation). */
export type DefinicionInforme = (ctx: ContextoInforme) => Promise<InformePreparado>;

/** An optional date parameter: null when absent, else a valid YYYY-MM-DD not after today. */
export function fechaParametro(valor: string | null | undefined, campo: string, hoy: string): string | null {
  if (valor == null || valor === '') return null;
  if (!isIsoDate(valor)) throw badInput(`El campo "${campo}" debe ser una fecha AAAA-MM-DD válida`, campo);
  if (valor > hoy) {
    throw badInput(
      `El campo "${campo}" no puede ser posterior al día de producción en curso (${formatFecha(hoy)})`,
      campo,
    );
  }
  return valor;
}

/** 'Día de producción: sábado, 21 de noviembre de 2026'. */
export const periodoDia = (fecha: string) => `Día de producción: ${formatFechaLarga(fecha)}`;

/** 'Del 01/11/2026 al 21/11/2026'. */
export const periodoRango = (desde: string, hasta: string) =>
  desde === hasta
    ? `Día de producción ${formatFecha(desde)}`
    : `Del ${formatFecha(desde)} al ${formatFecha(hasta)}`;
