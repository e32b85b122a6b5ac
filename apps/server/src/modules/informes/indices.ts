import { AREAS, canAccess, fechaHoraPlanta, roleLabel, ROUTES } from '@planta/domain';
import { formatFecha, formatNumber } from '@planta/charts';
import { type DefinicionInforme, periodoDia } from './definicion.ts';
import type { Seccion } from './informe.ts';

// The PDFs of the screens that list rather than measure: the menu (the screens this user may
// open), the reports hub (the reports and this user's recent exports) and the users (admins).

/** /menu: every area with the screens this user may open and what each shows. */
export const informeMenu: DefinicionInforme = async ({ viewer, hoy }) => ({
  periodo: periodoDia(hoy),
  archivo: `menu_${hoy}`,
  parametros: { desde: hoy, hasta: hoy },
  async secciones() {
    return AREAS.flatMap((area): Seccion[] => {
      const pantallas = ROUTES.filter((r) => r.area === area.id && r.nav && canAccess(viewer, r.access));
      if (pantallas.length === 0) return [];
      return [
        {
          tipo: 'tabla',
          titulo: area.title,
          nota: area.description,
          columnas: [
            { titulo: 'Pantalla', ancho: 1.4 },
            { titulo: 'Dirección', ancho: 1.2, alinear: 'left' },
            { titulo: 'Qué muestra', ancho: 2.6, alinear: 'left' },
          ],
          filas: pantallas.map((r) => [r.title, r.path, r.description]),
        },
      ];
    });
  },
});

const ESTADO: Record<string, string> = { EN_PROCESO: 'En proceso', LISTA: 'Lista', ERROR: 'Error' };

/** 'dd/mm/aaaa' of an ISO date or instant (the exports keep either). */
const fechaDe = (valor: string | null, tz: string) =>
  !valor
    ? '—'
    : /^\d{4}-\d{2}-\d{2}$/.test(valor)
      ? formatFecha(valor)
      : fechaHoraPlanta(new Date(valor), tz);

/** /reportes: the four reports with what each contains, and this user's exports of the last 24 h. */
export const informeReportes: DefinicionInforme = async ({ viewer, hoy, plantTz, servicios }) => ({
  periodo: periodoDia(hoy),
  archivo: `reportes_${hoy}`,
  parametros: { desde: hoy, hasta: hoy },
  async secciones() {
    const recientes = await servicios.exportaciones.lista(viewer);
    return [
      {
        tipo: 'tabla',
        titulo: 'Reportes',
        columnas: [
          { titulo: 'Reporte', ancho: 1.4 },
          { titulo: 'Dirección', ancho: 1.2, alinear: 'left' },
          { titulo: 'Contenido', ancho: 2.6, alinear: 'left' },
        ],
        filas: ROUTES.filter((r) => r.area === 'reportes' && r.path !== '/reportes').map((r) => [
          r.title,
          r.path,
          r.description,
        ]),
      },
      {
        tipo: 'tabla',
        titulo: 'Mis exportaciones recientes',
        nota:
          recientes.length === 0
            ? 'No hay exportaciones en las últimas 24 horas.'
            : 'Cada archivo se puede descargar durante 24 horas desde la pantalla Reportes.',
        columnas: [
          { titulo: 'Archivo', ancho: 2.2, alinear: 'left' },
          { titulo: 'Desde', ancho: 1.1 },
          { titulo: 'Hasta', ancho: 1.1 },
          { titulo: 'Tamaño', ancho: 0.8 },
          { titulo: 'Creada', ancho: 1.1 },
          { titulo: 'Estado', ancho: 0.8 },
        ],
        filas: recientes.map((e) => [
          e.nombre,
          fechaDe(e.desde, plantTz),
          fechaDe(e.hasta, plantTz),
          e.bytes === null ? '—' : `${formatNumber(e.bytes / 1024, 0)} KB`,
          fechaHoraPlanta(e.creada, plantTz),
          ESTADO[e.estado] ?? e.estado,
        ]),
      },
    ];
  },
});

/** /users (admins): every user with username, e-mail, role and state. */
export const informeUsuarios: DefinicionInforme = async ({ viewer, hoy, servicios }) => {
  // Checks the admin role now: a refusal answers the mutation.
  const usuarios = await servicios.usuarios.list(viewer);
  return {
    periodo: periodoDia(hoy),
    archivo: `usuarios_${hoy}`,
    parametros: { desde: hoy, hasta: hoy },
    async secciones() {
      const activos = usuarios.filter((u) => u.deletedAt === null).length;
      return [
        {
          tipo: 'tabla',
          titulo: `Usuarios (${formatNumber(activos, 0)} activos de ${formatNumber(usuarios.length, 0)})`,
          columnas: [
            { titulo: 'Nombre', ancho: 1.6, alinear: 'left' },
            { titulo: 'Usuario', ancho: 1.1, alinear: 'left' },
            { titulo: 'Correo', ancho: 1.8, alinear: 'left' },
            { titulo: 'Rol', ancho: 1.1, alinear: 'left' },
            { titulo: 'Estado', ancho: 0.8, alinear: 'left' },
          ],
          filas: usuarios.map((u) => [
            u.name,
            u.username,
            u.email ?? '—',
            u.roleName ? roleLabel(u.roleName) : '—',
            u.deletedAt === null ? 'Activo' : 'Eliminado',
          ]),
        },
      ];
    },
  };
};
