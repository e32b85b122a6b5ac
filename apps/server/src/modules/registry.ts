import type { FastifyInstance } from 'fastify';
import type { IResolvers } from 'mercurius';
import type { Config } from '../config.ts';
import type { LiveHub } from '../live/hub.ts';
import type { Db } from '../db/client.ts';
import type { AuditRepository } from './audit/audit.repository.ts';
import type { AuthRepository } from './auth/auth.repository.ts';
import type { AuthService } from './auth/auth.service.ts';
import { AlarmasRepository } from './alarmas/alarmas.repository.ts';
import { alarmasResolvers } from './alarmas/alarmas.resolvers.ts';
import { AlarmasService } from './alarmas/alarmas.service.ts';
import type { MotorAlarmas } from './alarmas/motor.ts';
import { authResolvers } from './auth/auth.resolvers.ts';
import { registerOperadorRestGuard } from './auth/operador.ts';
import { reportesProgramadosResolvers } from './reportes-programados/reportes-programados.resolvers.ts';
import { ReportesProgramadosService } from './reportes-programados/reportes-programados.service.ts';
import { EficienciaRepository } from './eficiencia/eficiencia.repository.ts';
import { registerEficienciaRoutes } from './eficiencia/eficiencia.routes.ts';
import { ExportacionesRepository } from './exportaciones/exportaciones.repository.ts';
import { exportacionesResolvers } from './exportaciones/exportaciones.resolvers.ts';
import { registerExportacionesRoutes } from './exportaciones/exportaciones.routes.ts';
import { ExportacionesService } from './exportaciones/exportaciones.service.ts';
import { EficienciaPagadaRepository } from './eficiencia-pagada/eficiencia-pagada.repository.ts';
import { eficienciaPagadaResolvers } from './eficiencia-pagada/eficiencia-pagada.resolvers.ts';
import { EficienciaPagadaService } from './eficiencia-pagada/eficiencia-pagada.service.ts';
import { CatalogoRepository } from './lineas/catalogo.repository.ts';
import { CatalogoService } from './lineas/catalogo.service.ts';
import { LineasRepository } from './lineas/lineas.repository.ts';
import { lineasResolvers } from './lineas/lineas.resolvers.ts';
import { LineasService } from './lineas/lineas.service.ts';
import { InformesRepository } from './informes/informes.repository.ts';
import { informesResolvers } from './informes/informes.resolvers.ts';
import { InformesService } from './informes/informes.service.ts';
import { MantenimientoRepository } from './mantenimiento/mantenimiento.repository.ts';
import { mantenimientoResolvers } from './mantenimiento/mantenimiento.resolvers.ts';
import { MantenimientoService } from './mantenimiento/mantenimiento.service.ts';
import { MotivosParoRepository } from './motivos-paro/motivos-paro.repository.ts';
import { motivosParoResolvers } from './motivos-paro/motivos-paro.resolvers.ts';
import { MotivosParoService } from './motivos-paro/motivos-paro.service.ts';
import { NotificacionesRepository } from './notificaciones/notificaciones.repository.ts';
import { notificacionesResolvers } from './notificaciones/notificaciones.resolvers.ts';
import { ObzRepository } from './obz/obz.repository.ts';
import { obzResolvers } from './obz/obz.resolvers.ts';
import { ObzService } from './obz/obz.service.ts';
import { PerdidasRepository } from './perdidas/perdidas.repository.ts';
import { perdidasResolvers } from './perdidas/perdidas.resolvers.ts';
import { PerdidasService } from './perdidas/perdidas.service.ts';
import { ParosRepository } from './paros/paros.repository.ts';
import { parosResolvers } from './paros/paros.resolvers.ts';
import { ParosService } from './paros/paros.service.ts';
import { OpcRepository } from './opc/opc.repository.ts';
import { opcResolvers } from './opc/opc.resolvers.ts';
import { OpcService } from './opc/opc.service.ts';
import { puertaOpc } from './opc/opc-puerta.ts';
import { PlanificacionesRepository } from './planificaciones/planificaciones.repository.ts';
import { planificacionesResolvers } from './planificaciones/planificaciones.resolvers.ts';
import { PlanificacionesService } from './planificaciones/planificaciones.service.ts';
import { plantaResolvers, primerDia } from './planta/planta.resolvers.ts';
import { ptaResolvers } from './pta/pta.resolvers.ts';
import { PtaService } from './pta/pta.service.ts';
import { ProduccionRepository } from './produccion/produccion.repository.ts';
import { produccionResolvers } from './produccion/produccion.resolvers.ts';
import { ProduccionService } from './produccion/produccion.service.ts';
import { ReportesRepository } from './reportes/reportes.repository.ts';
import { reportesResolvers } from './reportes/reportes.resolvers.ts';
import { ReportesService } from './reportes/reportes.service.ts';
import { RrhhImportacionRepository } from './rrhh-importacion/rrhh-importacion.repository.ts';
import { registerRrhhImportacionRoutes } from './rrhh-importacion/rrhh-importacion.routes.ts';
import { RrhhImportacionService } from './rrhh-importacion/rrhh-importacion.service.ts';
import { RrhhRepository } from './rrhh/rrhh.repository.ts';
import { rrhhResolvers } from './rrhh/rrhh.resolvers.ts';
import { RrhhService } from './rrhh/rrhh.service.ts';
import { TurnosHorarioRepository } from './turnos-horario/turnos-horario.repository.ts';
import { turnosHorarioResolvers } from './turnos-horario/turnos-horario.resolvers.ts';
import { TurnosHorarioService } from './turnos-horario/turnos-horario.service.ts';
import { TurnosRepository } from './turnos/turnos.repository.ts';
import { turnosResolvers } from './turnos/turnos.resolvers.ts';
import { TurnosService } from './turnos/turnos.service.ts';
import { UsersRepository } from './users/users.repository.ts';
import { usersResolvers } from './users/users.resolvers.ts';
import { UsersService } from './users/users.service.ts';
import { vivoResolvers } from './vivo/vivo.resolvers.ts';
import { VariablesRepository } from './variables/variables.repository.ts';
import { variablesResolvers } from './variables/variables.resolvers.ts';
import { VariablesService } from './variables/variables.service.ts';
import { UtilidadesRepository } from './utilidades/utilidades.repository.ts';
import { utilidadesResolvers } from './utilidades/utilidades.resolvers.ts';
import { UtilidadesService } from './utilidades/utilidades.service.ts';
import { ZeroWasteRepository } from './zero-waste/zero-waste.repository.ts';
import { zeroWasteResolvers } from './zero-waste/zero-waste.resolvers.ts';
import { ZeroWasteService } from './zero-waste/zero-waste.service.ts';

/** What every module may need; each module takes only what it uses. */
export interface ModuleDeps {
  db: Db;
  audit: AuditRepository;
  auth: AuthService;
  authRepo: AuthRepository;
  /** Plant time zone (PLANT_TZ): every "day" and "hour 8" is plant local time. */
  plantTz: Config['plantTz'];
  live: LiveHub;
  /** DATA_DIR: exported files go to DATA_DIR/exports. */
  dataDir: string;
  /** The alarm evaluation: asked for a pass when a rule changes. */
  motorAlarmas: Pick<MotorAlarmas, 'pedir' | 'agregarTarea' | 'correoActivo'>;
  /** The clock of the day in progress (ritmo of resumenVariables); default Date.now. */
  now?: () => number;
}

/**
 * Every service (and the repositories more than one of them reads) of an app: built here, once,
 * and nowhere else. The resolvers (buildModules), the REST routes (registerModuleRoutes) and the
 * services that use other modules' services (informes, reportes programados) share these.
 */
export interface Servicios {
  variablesRepo: VariablesRepository;
  eficienciaRepo: EficienciaRepository;
  notificacionesRepo: NotificacionesRepository;
  variables: VariablesService;
  lineas: LineasService;
  catalogo: CatalogoService;
  opc: OpcService;
  turnos: TurnosService;
  turnosHorario: TurnosHorarioService;
  planificaciones: PlanificacionesService;
  paros: ParosService;
  perdidas: PerdidasService;
  motivosParo: MotivosParoService;
  utilidades: UtilidadesService;
  produccion: ProduccionService;
  mantenimiento: MantenimientoService;
  eficienciaPagada: EficienciaPagadaService;
  rrhh: RrhhService;
  rrhhImportacion: RrhhImportacionService;
  usuarios: UsersService;
  zeroWaste: ZeroWasteService;
  reportes: ReportesService;
  alarmas: AlarmasService;
  exportaciones: ExportacionesService;
  informes: InformesService;
  reportesProgramados: ReportesProgramadosService;
  pta: PtaService;
  obz: ObzService;
}

const serviciosPorApp = new WeakMap<ModuleDeps, Servicios>();

/** The app's services (one set per ModuleDeps, built on first use). */
export function servicios(deps: ModuleDeps): Servicios {
  let built = serviciosPorApp.get(deps);
  if (!built) {
    built = construirServicios(deps);
    serviciosPorApp.set(deps, built);
  }
  return built;
}

function construirServicios(deps: ModuleDeps): Servicios {
  const variablesRepo = new VariablesRepository(deps.db);
  const lineasRepo = new LineasRepository(deps.db);
  const planificacionesRepo = new PlanificacionesRepository(deps.db);
  const eficienciaRepo = new EficienciaRepository(deps.db);
  const variables = new VariablesService(variablesRepo, {
    db: deps.db,
    plantTz: deps.plantTz,
    now: deps.now ?? Date.now,
  });
  const lineas = new LineasService(lineasRepo);
  const catalogo = new CatalogoService(new CatalogoRepository(deps.db));
  const opc = new OpcService(new OpcRepository(deps.db), puertaOpc(deps.live));
  const turnos = new TurnosService(new TurnosRepository(deps.db), lineasRepo, deps.plantTz);
  const planificaciones = new PlanificacionesService(planificacionesRepo, variablesRepo);
  const paros = new ParosService(new ParosRepository(deps.db), deps.plantTz, deps.now ?? Date.now, (c) =>
    deps.live.publishParo(c),
  );
  const perdidas = new PerdidasService(new PerdidasRepository(deps.db), deps.plantTz, deps.now ?? Date.now);
  const utilidades = new UtilidadesService(new UtilidadesRepository(deps.db), deps.plantTz);
  const produccion = new ProduccionService(new ProduccionRepository(deps.db), deps.plantTz);
  const mantenimiento = new MantenimientoService(new MantenimientoRepository(deps.db), deps.plantTz);
  const eficienciaPagada = new EficienciaPagadaService(new EficienciaPagadaRepository(deps.db), deps.plantTz);
  const rrhh = new RrhhService(new RrhhRepository(deps.db));
  const usuarios = new UsersService(new UsersRepository(deps.db), deps.authRepo, deps.audit);
  const zeroWaste = new ZeroWasteService(new ZeroWasteRepository(deps.db));
  const reportes = new ReportesService(new ReportesRepository(deps.db), deps.plantTz);
  const alarmas = new AlarmasService(new AlarmasRepository(deps.db), {
    timeZone: deps.plantTz,
    onCambio: () => deps.motorAlarmas.pedir(),
  });
  const exportaciones = new ExportacionesService(new ExportacionesRepository(deps.db), {
    dataDir: deps.dataDir,
    plantTz: deps.plantTz,
  });
  const informes = new InformesService(
    new InformesRepository(deps.db),
    {
      variables,
      lineas,
      mantenimiento,
      produccion,
      eficienciaPagada,
      utilidades,
      rrhh,
      zeroWaste,
      reportes,
      eficiencia: eficienciaRepo,
      usuarios,
      exportaciones,
      planificaciones,
      turnos,
      paros,
      catalogo,
      opc,
      alarmas,
      perdidas,
      primerDia: () => primerDia(deps.db),
    },
    exportaciones,
    deps.plantTz,
  );
  const reportesProgramados = new ReportesProgramadosService(deps.db, {
    timeZone: deps.plantTz,
    dataDir: deps.dataDir,
    informes,
    correoActivo: () => deps.motorAlarmas.correoActivo,
  });
  return {
    variablesRepo,
    eficienciaRepo,
    notificacionesRepo: new NotificacionesRepository(deps.db),
    variables,
    lineas,
    catalogo,
    opc,
    turnos,
    turnosHorario: new TurnosHorarioService(new TurnosHorarioRepository(deps.db)),
    planificaciones,
    paros,
    perdidas,
    motivosParo: new MotivosParoService(new MotivosParoRepository(deps.db)),
    utilidades,
    produccion,
    mantenimiento,
    eficienciaPagada,
    rrhh,
    rrhhImportacion: new RrhhImportacionService(new RrhhImportacionRepository(deps.db)),
    usuarios,
    zeroWaste,
    reportes,
    alarmas,
    exportaciones,
    informes,
    reportesProgramados,
    pta: new PtaService(variables),
    obz: new ObzService(new ObzRepository(deps.db)),
  };
}

/** The resolvers of every area, wired to the app's services (servicios). */
export function buildModules(deps: ModuleDeps): IResolvers[] {
  const s = servicios(deps);
  deps.motorAlarmas.agregarTarea((ahora) => s.reportesProgramados.pasada(ahora));
  return [
    authResolvers(deps.auth),
    usersResolvers(s.usuarios),
    variablesResolvers(s.variables),
    lineasResolvers(s.lineas, s.catalogo),
    opcResolvers(s.opc),
    turnosResolvers(s.turnos),
    turnosHorarioResolvers(s.turnosHorario),
    planificacionesResolvers(s.planificaciones),
    produccionResolvers(s.produccion),
    utilidadesResolvers(s.utilidades),
    exportacionesResolvers(s.exportaciones, s.utilidades, deps.plantTz),
    mantenimientoResolvers(s.mantenimiento, s.variables),
    parosResolvers(s.paros),
    perdidasResolvers(s.perdidas, {
      paros: s.paros,
      exportaciones: s.exportaciones,
      tz: deps.plantTz,
      now: deps.now ?? Date.now,
    }),
    motivosParoResolvers(s.motivosParo),
    informesResolvers(s.informes),
    reportesProgramadosResolvers(s.reportesProgramados),
    notificacionesResolvers(s.notificacionesRepo, (ids) => deps.live.publishNotificaciones(ids)),
    alarmasResolvers(s.alarmas, s.variablesRepo),
    vivoResolvers(deps.live),
    plantaResolvers(deps.plantTz, deps.db),
    ptaResolvers(s.pta),
    zeroWasteResolvers(s.zeroWaste),
    rrhhResolvers(s.rrhh, s.exportaciones, deps.plantTz),
    obzResolvers(s.obz),
    eficienciaPagadaResolvers(s.eficienciaPagada),
    reportesResolvers(s.reportes, s.exportaciones),
  ];
}

/** Plain HTTP routes of the areas (the two REST GETs of SPEC §7). */
export function registerModuleRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const s = servicios(deps);
  // Before the routes: none of them is for an operator at the line (403).
  registerOperadorRestGuard(app, deps.auth);
  registerEficienciaRoutes(app, deps.auth, s.eficienciaRepo);
  const exportaciones = s.exportaciones;
  exportaciones.logger = app.log;
  registerExportacionesRoutes(app, deps.auth, exportaciones);
  registerRrhhImportacionRoutes(app, deps.auth, s.rrhhImportacion);
  exportaciones.iniciarBarrido();
  app.addHook('onClose', () => exportaciones.cerrar());
}
