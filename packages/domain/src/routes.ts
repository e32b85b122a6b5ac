import { canAccess, type HasRoles, isOperador } from './roles.ts';
/** Every screen of SPEC §2: path, exact title, area, who may open it, and the report button. */
export type Access = 'user' | 'admin' | 'human-resources';
export type Layout = 'main' | 'blank';

export interface RouteInfo {
  path: string;
  title: string;
  /** Navigation group in the drawer and the menu. */
  area: AreaId;
  access: Access;
  layout: Layout;
  /** The header's "Reporte" button (hidden on the PTA routes and the water report). */
  reportButton: boolean;
  /** One line for the menu and the placeholder screens. */
  description: string;
  /** Shown in the drawer (login, the password form and the like are not). */
  nav: boolean;
  /** An operator (role operador) may open it too: /menu, /paros, /fabrica/lineas and their password. */
  operador: boolean;
}

export type AreaId =
  | 'inicio'
  | 'produccion'
  | 'energia'
  | 'reportes'
  | 'sostenibilidad'
  | 'recursos-humanos'
  | 'eficiencia'
  | 'administracion';

export interface AreaInfo {
  id: AreaId;
  title: string;
  description: string;
}

export const AREAS: readonly AreaInfo[] = [
  { id: 'inicio', title: 'Inicio', description: 'Menú principal' },
  {
    id: 'produccion',
    title: 'Producción',
    description: 'Variables de fábrica, velocidad de líneas, rendimientos y planificación',
  },
  {
    id: 'energia',
    title: 'Energía y mantenimiento',
    description: 'Energía, eficiencia energética, utilidades y MTTR/MTTF',
  },
  { id: 'reportes', title: 'Reportes', description: 'Contadores, variables SCADA, aire y agua' },
  {
    id: 'sostenibilidad',
    title: 'Sostenibilidad',
    description: 'Zero Waste y planta de tratamiento de aguas residuales (PTA)',
  },
  { id: 'recursos-humanos', title: 'Recursos Humanos', description: 'Horas extra y asistencia diaria' },
  { id: 'eficiencia', title: 'Eficiencia', description: 'Eficiencia pagada y tablero OBZ' },
  {
    id: 'administracion',
    title: 'Administración',
    description: 'Usuarios, variables, planificación, turnos y notificaciones',
  },
];

const r = (
  path: string,
  title: string,
  area: AreaId,
  description: string,
  options: Partial<Pick<RouteInfo, 'access' | 'layout' | 'reportButton' | 'nav' | 'operador'>> = {},
): RouteInfo => ({
  path,
  title,
  area,
  description,
  access: options.access ?? 'user',
  layout: options.layout ?? 'main',
  reportButton: options.reportButton ?? true,
  nav: options.nav ?? true,
  operador: options.operador ?? false,
});

const config = (slug: string, name: string, description: string) =>
  r(`/configuracion/${slug}`, `${name} | Configuración`, 'administracion', description, { access: 'admin' });

export const ROUTES: readonly RouteInfo[] = [
  r('/menu', 'Menú', 'inicio', 'Acceso a todas las áreas de la planta', { operador: true }),
  r('/login', 'Inicio de sesión', 'inicio', 'Ingreso con usuario y contraseña', {
    layout: 'blank',
    nav: false,
    reportButton: false,
    operador: true,
  }),
  r(
    '/fabrica',
    'Dashboard Fábrica',
    'produccion',
    'Variables de producción: diario, mensual y anual frente a la meta',
  ),
  r('/fabrica/lineas', 'Lineas', 'produccion', 'Velocidad, botellas y paquetes de cada línea, en vivo', {
    operador: true,
  }),
  r(
    '/fabrica/perdidas',
    'Pérdidas',
    'produccion',
    'OEE explicado: pérdidas por clase, Pareto de motivos de paro y línea de tiempo',
  ),
  r('/paros', 'Paros', 'produccion', 'Los paros del turno en la línea y su motivo, desde el teléfono', {
    reportButton: false,
    operador: true,
  }),
  r(
    '/rendimiento',
    'Rendimientos y Consumo',
    'produccion',
    'Rendimientos de materiales y consumos frente a la meta',
  ),
  r(
    '/planificacion',
    'Planificación y M. Prima',
    'produccion',
    'Volumen mensual frente al plan (AOP y negociado) y materia prima',
  ),
  r('/mantenimiento', 'Energía', 'energia', 'Consumo de energía por línea y por hora, y MTTR/MTTF'),
  r(
    '/mantenimiento/eficiencia',
    'Eficiencia Energética',
    'energia',
    'KPI de energía por línea y eficiencia del día',
  ),
  r('/mantenimiento/utilidades', 'Utilidades', 'energia', 'Aire comprimido, agua y otras utilidades'),
  r('/reportes', 'Reportes', 'reportes', 'Índice de reportes exportables'),
  r(
    '/reportes/contadores',
    'Reporte de Contadores',
    'reportes',
    'Contadores horarios de energía y eficiencia por línea',
  ),
  r(
    '/reportes/scada',
    'Reporte de Variables SCADA',
    'reportes',
    'Velocidad y contadores de las líneas por minuto',
  ),
  r('/reportes/aire', 'Reporte de Aire', 'reportes', 'Flujo de aire comprimido por línea y exportación'),
  r('/reportes/agua', 'Reporte de Agua', 'reportes', 'Consumo de agua por variable y exportación', {
    reportButton: false,
  }),
  r('/zero-waste', 'Zero Waste', 'sostenibilidad', 'Residuos aprovechables frente a la meta del 99 %'),
  r('/pta', 'PTA', 'sostenibilidad', 'Planta de tratamiento de aguas residuales', { reportButton: false }),
  r('/pta/resumen', 'Resumen ~ PTA', 'sostenibilidad', 'El día de la PTA frente a los límites', {
    reportButton: false,
  }),
  r('/pta/acumulados', 'Acumulados ~ PTA', 'sostenibilidad', 'Totales del mes y del año de la PTA', {
    reportButton: false,
  }),
  r(
    '/recursos-humanos',
    'Horas Extra ~ Recursos Humnanos',
    'recursos-humanos',
    'Horas extra por área y semana frente al presupuesto',
    {
      access: 'human-resources',
    },
  ),
  r(
    '/recursos-humanos/asistencia-diaria',
    'Asistencia Diaria ~ Recursos Humnanos',
    'recursos-humanos',
    'Tasa de asistencia diaria por área',
    { access: 'human-resources' },
  ),
  r(
    '/eficiencia_pagada',
    'Eficiencia Pagada',
    'eficiencia',
    'Eficiencia pagada, técnica (ETA) y SAP por línea',
  ),
  r('/obz', 'Obz', 'eficiencia', 'Tablero de presupuesto base cero para la pantalla de planta', {
    layout: 'blank',
    reportButton: false,
  }),
  r('/users', 'Usuarios', 'administracion', 'Alta, edición, baja y restauración de usuarios y sus roles', {
    access: 'admin',
  }),
  r('/users/update-password', 'Actualizar Contraseña', 'administracion', 'Cambio de la contraseña propia', {
    nav: false,
    operador: true,
  }),
  r(
    '/configuracion',
    'Variables | Configuración',
    'administracion',
    'Variables, límites y valores históricos',
    {
      access: 'admin',
    },
  ),
  config('planificacion', 'Planificación', 'Plan mensual AOP y negociado por variable'),
  config('productividad', 'Productividad', 'Turnos y horas de productividad por línea'),
  config('mttr-mttf', 'MTTR-MTTF', 'Valores de MTTR y MTTF por línea'),
  config('notificaciones', 'Notificaciones', 'Reglas de notificación por variable'),
  config('zero-waste', 'Zero Waste', 'Clasificaciones y proyección de residuos'),
  config('lineas', 'Lineas', 'Líneas, productos, presentaciones y velocidades nominales'),
];

export const NOT_FOUND_TITLE = 'Página no encontrada';
export const FORBIDDEN_TITLE = 'No autorizado';

/** May this user open this screen? An operator only those marked `operador`; others by `access`. */
export function canOpen(
  user: HasRoles | null | undefined,
  route: Pick<RouteInfo, 'access' | 'operador'>,
): boolean {
  if (!user) return false;
  if (isOperador(user)) return route.operador;
  return canAccess(user, route.access);
}

/** The route of an exact path (no parameters in this app), if any. */
export function findRoute(pathname: string): RouteInfo | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((route) => route.path === normalized);
}

/** The title of a path: its route's title, or the not-found title. */
export function routeTitle(pathname: string): string {
  if (pathname === '/no-autorizado') return FORBIDDEN_TITLE;
  return findRoute(pathname)?.title ?? NOT_FOUND_TITLE;
}

export function showsReportButton(pathname: string): boolean {
  return findRoute(pathname)?.reportButton ?? false;
}

/**
 * The URL parameters of a screen that its PDF report uses (its date, range and filters): the
 * header's "Reporte" button forwards these, the server accepts only these.
 */
export const REPORT_PARAMS = [
  'fecha',
  'desde',
  'hasta',
  'variable',
  'linea',
  'mes',
  'anio',
  'area',
  'intervalo',
  'agrupacion',
  'lineas',
  'serie',
  'variables',
  'turno',
] as const;

/**
 * The screens whose PDF reads one shift (`turno`) of a production day and one line (`linea`): a
 * scheduled report of them may go out at each shift's end ("al cierre de cada turno"), about one
 * line or the plant.
 */
export const RUTAS_REPORTE_POR_TURNO: readonly string[] = ['/fabrica/perdidas'];

export function reportePorTurno(ruta: string): boolean {
  return RUTAS_REPORTE_POR_TURNO.includes(ruta);
}
