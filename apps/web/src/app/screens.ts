import { type ComponentType, createElement, lazy, useState } from 'react';
import { enTareaPropia } from '../lib/tarea-propia.ts';

/**
 * A lazily loaded screen that can also start downloading before it renders (`precargar`, which
 * resolves once it has loaded, never rejecting). Rendered after it has loaded, it renders at once:
 * a React.lazy component always suspends on its first render, and React holds back revealing a
 * Suspense boundary's content for up to 300 ms after its fallback showed (measured: the data
 * requests of a cold /fabrica left ≈ 340 ms after the session check answered). An instance keeps
 * the way it started for its whole life (switching from the lazy one would remount the screen).
 */
type Screen = ComponentType & { precargar: () => Promise<void> };

function precargable(load: () => Promise<ComponentType>): Screen {
  let cargado: ComponentType | null = null;
  let carga: Promise<ComponentType> | null = null;
  const cargar = () =>
    (carga ??= load().then(
      (component) => (cargado = component),
      (error: unknown) => {
        carga = null; // a failed download is tried again by the next render
        throw error;
      },
    ));
  const Lazy = lazy(() => cargar().then((component) => ({ default: component })));
  function Pantalla() {
    const [listo] = useState(() => cargado);
    return createElement(listo ?? Lazy);
  }
  return Object.assign(Pantalla, {
    precargar: () =>
      cargar().then(
        () => undefined,
        () => undefined,
      ),
  });
}

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen =>
  precargable(() => load().then((module) => module[name]));

/**
 * A screen with MUI X pickers in its forms (the configuration screens): loads the screen and the
 * pickers' provider (DatesProvider) together and wraps one in the other, so pickers and dayjs
 * locales never reach the login chunk nor the dashboards (their production-day field is typed, and
 * its calendar brings its own provider when first opened).
 */
const withDates = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen =>
  precargable(async () => {
    const [module, { DatesProvider }] = await Promise.all([
      load(),
      enTareaPropia(() => import('../components/dates/dates-provider.tsx')),
    ]);
    const Screen = module[name];
    return () => createElement(DatesProvider, null, createElement(Screen));
  });

/** Screens built so far, each its own lazily loaded chunk. */
export const SCREENS: Record<string, Screen> = {
  '/menu': named(() => import('../features/menu/menu-page.tsx'), 'MenuPage'),
  '/login': named(() => import('../features/auth/components/login-page.tsx'), 'LoginPage'),
  '/fabrica': named(() => import('../features/fabrica/components/fabrica-page.tsx'), 'FabricaPage'),
  '/fabrica/lineas': named(() => import('../features/lineas/components/lineas-page.tsx'), 'LineasPage'),
  '/fabrica/perdidas': named(
    () => import('../features/perdidas/components/perdidas-page.tsx'),
    'PerdidasPage',
  ),
  '/paros': named(() => import('../features/paros/components/paros-page.tsx'), 'ParosPage'),
  '/rendimiento': named(
    () => import('../features/rendimiento/components/rendimiento-page.tsx'),
    'RendimientoPage',
  ),
  '/planificacion': named(
    () => import('../features/planificacion/components/planificacion-page.tsx'),
    'PlanificacionPage',
  ),
  '/mantenimiento': named(
    () => import('../features/mantenimiento/components/mantenimiento-page.tsx'),
    'MantenimientoPage',
  ),
  '/mantenimiento/eficiencia': named(
    () => import('../features/eficiencia-energetica/components/eficiencia-energetica-page.tsx'),
    'EficienciaEnergeticaPage',
  ),
  '/mantenimiento/utilidades': named(
    () => import('../features/utilidades/components/utilidades-page.tsx'),
    'UtilidadesPage',
  ),
  '/eficiencia_pagada': named(
    () => import('../features/eficiencia-pagada/components/eficiencia-pagada-page.tsx'),
    'EficienciaPagadaPage',
  ),
  '/reportes': named(() => import('../features/reportes/components/reportes-page.tsx'), 'ReportesPage'),
  '/reportes/contadores': named(
    () => import('../features/reporte-contadores/components/reporte-contadores-page.tsx'),
    'ReporteContadoresPage',
  ),
  '/reportes/scada': named(
    () => import('../features/reporte-scada/components/reporte-scada-page.tsx'),
    'ReporteScadaPage',
  ),
  '/reportes/aire': named(
    () => import('../features/reporte-aire/components/reporte-aire-page.tsx'),
    'ReporteAirePage',
  ),
  '/reportes/agua': named(
    () => import('../features/reporte-agua/components/reporte-agua-page.tsx'),
    'ReporteAguaPage',
  ),
  '/pta': named(() => import('../features/pta/components/pta-page.tsx'), 'PtaPage'),
  '/pta/resumen': named(() => import('../features/pta/components/pta-resumen-page.tsx'), 'PtaResumenPage'),
  '/pta/acumulados': named(
    () => import('../features/pta/components/pta-acumulados-page.tsx'),
    'PtaAcumuladosPage',
  ),
  '/zero-waste': named(
    () => import('../features/zero-waste/components/zero-waste-page.tsx'),
    'ZeroWastePage',
  ),
  '/recursos-humanos': named(
    () => import('../features/horas-extra/components/horas-extra-page.tsx'),
    'HorasExtraPage',
  ),
  '/recursos-humanos/asistencia-diaria': named(
    () => import('../features/asistencia-diaria/components/asistencia-diaria-page.tsx'),
    'AsistenciaDiariaPage',
  ),
  '/obz': named(() => import('../features/obz/components/obz-page.tsx'), 'ObzPage'),
  '/users': named(() => import('../features/users/components/users-page.tsx'), 'UsersPage'),
  '/users/update-password': named(
    () => import('../features/auth/components/update-password-page.tsx'),
    'UpdatePasswordPage',
  ),
  '/configuracion': withDates(
    () => import('../features/config-variables/components/config-variables-page.tsx'),
    'ConfigVariablesPage',
  ),
  '/configuracion/planificacion': withDates(
    () => import('../features/config-planificacion/components/config-planificacion-page.tsx'),
    'ConfigPlanificacionPage',
  ),
  '/configuracion/productividad': withDates(
    () => import('../features/config-productividad/components/config-productividad-page.tsx'),
    'ConfigProductividadPage',
  ),
  '/configuracion/mttr-mttf': withDates(
    () => import('../features/config-mttr-mttf/components/config-mttr-mttf-page.tsx'),
    'ConfigMttrMttfPage',
  ),
  '/configuracion/zero-waste': withDates(
    () => import('../features/config-zero-waste/components/config-zero-waste-page.tsx'),
    'ConfigZeroWastePage',
  ),
  '/configuracion/notificaciones': named(
    () => import('../features/config-notificaciones/components/config-notificaciones-page.tsx'),
    'ConfigNotificacionesPage',
  ),
  '/configuracion/lineas': named(
    () => import('../features/config-lineas/components/config-lineas-page.tsx'),
    'ConfigLineasPage',
  ),
};

/** Screens of later issues: a titled page saying what they will show. */
export const PlaceholderScreen = named(
  () => import('../features/placeholder/placeholder-page.tsx'),
  'PlaceholderPage',
);

/** The header + drawer shell, loaded after login so the login screen stays small. */
export const MainLayout = named(() => import('./layouts/main-layout.tsx'), 'MainLayout');

/**
 * A signed-in user opening a screen's address: its chunks start downloading with the app, while
 * the session check (`me`) is in flight, instead of after it (LCP of a cold dashboard). Resolves
 * once they have loaded (or failed: the screen then loads as it renders). The layout's and the
 * screen's preloads each in a task of their own, ahead of React's first render: each import
 * appends a preload link per chunk it needs (40–120 ms on a 2-core machine for a configuration
 * screen), which made the start-up task, already the longest of a cold screen, longer still.
 */
export async function precargarPantalla(pathname: string): Promise<void> {
  const screen = SCREENS[pathname];
  if (!screen || pathname === '/login') return;
  await Promise.all([
    pathname === '/obz' ? undefined : enTareaPropia(MainLayout.precargar),
    enTareaPropia(screen.precargar),
  ]);
}
