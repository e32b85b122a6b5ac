import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ReportesProgramadosPanel } from './reportes-programados-panel.tsx';

const reporte = {
  id: '4',
  nombre: 'Fábrica cada mañana',
  ruta: '/fabrica',
  pantalla: 'Dashboard Fábrica',
  periodicidad: 'SEMANAL',
  hora: '08:05',
  dia_semana: 3,
  dia_mes: null,
  destinatarios: ['jefe@planta.pe', 'gerente@planta.pe'],
  activo: true,
  proximo_envio: '2026-12-02T13:05:00Z',
  version: 2,
};

const ejecucion = {
  id: '9',
  reporte_id: '4',
  programada_para: '2026-11-25T13:05:00Z',
  estado: 'ENVIADO',
  archivo: 'dashboard-fabrica-2026-11-24.pdf',
  destinatarios: 2,
  error: null,
  creada: '2026-11-25T13:05:02Z',
  terminada: '2026-11-25T13:05:09Z',
};

const SMTP = 'El correo no está configurado (SMTP_URL): no se envió el reporte';

type Body = { query: string; variables: Record<string, unknown> };

/** The GraphQL server: answers by operation; `enviar` is what send-now answers. */
function servidor(opciones: { reportes?: unknown[]; enviar?: unknown; usuario?: typeof ADMIN } = {}) {
  const fetch = vi.fn(async (_url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as Body;
    let data: unknown;
    if (body.query.includes('query LineasReglas'))
      data = {
        lineas: [
          { id: '10', nombre: 'Planta', numero: 0 },
          { id: '12', nombre: 'Línea 2', numero: 2 },
          { id: '11', nombre: 'Línea 1', numero: 1 },
        ],
      };
    else if (body.query.includes('calendarioPlanta'))
      data = { calendarioPlanta: { zona_horaria: 'America/Lima', primer_dia: '2020-01-01' } };
    else if (body.query.includes('enviarReporteProgramado'))
      data = { enviarReporteProgramado: opciones.enviar };
    else if (body.query.includes('ejecucionesReporte'))
      data = { ejecucionesReporte: opciones.reportes?.length === 0 ? [] : [ejecucion] };
    else if (body.query.includes('reportesProgramados'))
      data = { reportesProgramados: opciones.reportes ?? [reporte] };
    else if (body.query.includes('crearReporteProgramado'))
      data = { crearReporteProgramado: { ...reporte, id: '5', ...(body.variables.input as object) } };
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  authStore.setToken('t', Date.now() + 60_000);
  authStore.setUser(opciones.usuario ?? ADMIN);
  return fetch;
}

const HORAS_EXTRA = 'Horas Extra ~ Recursos Humnanos';
const ADMIN = { id: '2', name: 'Adm', roles: [{ id: '2', name: 'admin' }] };
const ADMIN_RRHH = {
  id: '3',
  name: 'Adm RR. HH.',
  roles: [
    { id: '2', name: 'admin' },
    { id: '3', name: 'human-resources' },
  ],
};

const llamadas = (fetch: ReturnType<typeof servidor>, operacion: string) =>
  fetch.mock.calls
    .map(([, init]) => JSON.parse(init.body) as Body)
    .filter((b) => b.query.includes(operacion));

afterEach(() => {
  authStore.clear();
  vi.unstubAllGlobals();
});

describe('ReportesProgramadosPanel', () => {
  it('lists the reports (periodicity, hour, recipients, next send in plant time) and the run log', async () => {
    servidor();
    renderWithProviders(<ReportesProgramadosPanel />);
    const grid = await screen.findByRole('table', { name: 'Reportes programados' });
    await within(grid).findByText('Fábrica cada mañana');
    await waitFor(() => expect(grid.textContent).toContain('02/12/2026 08:05'));
    const texto = grid.textContent;
    expect(texto).toContain('Dashboard Fábrica');
    expect(texto).toContain('Semanal (Miércoles)');
    expect(texto).toContain('08:05');
    expect(texto).toContain('jefe@planta.pe, gerente@planta.pe');
    expect(texto).toContain('Activo');

    const log = screen.getByRole('table', { name: 'Historial de envíos' });
    await waitFor(() => expect(log.textContent).toContain('dashboard-fabrica-2026-11-24.pdf'));
    expect(log.textContent).toContain('25/11/2026 08:05');
    expect(log.textContent).toContain('Enviado');
  });

  it('says so when there are no scheduled reports', async () => {
    servidor({ reportes: [] });
    renderWithProviders(<ReportesProgramadosPanel />);
    expect(await screen.findByText('No hay reportes programados')).toBeTruthy();
    expect(await screen.findByText('No hay envíos registrados')).toBeTruthy();
  });

  it("shows the server's error when sending now fails (no SMTP_URL)", async () => {
    const fetch = servidor({
      enviar: {
        ...ejecucion,
        id: '10',
        programada_para: null,
        estado: 'ERROR',
        archivo: null,
        destinatarios: 0,
        error: SMTP,
      },
    });
    renderWithProviders(<ReportesProgramadosPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar ahora Fábrica cada mañana' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta.textContent).toContain(`No se pudo enviar «Fábrica cada mañana»: ${SMTP}`);
    expect(llamadas(fetch, 'enviarReporteProgramado')[0]?.variables).toEqual({ id: '4' });
  });

  it('reports how many recipients a successful send-now reached', async () => {
    servidor({ enviar: { ...ejecucion, id: '11', programada_para: null } });
    renderWithProviders(<ReportesProgramadosPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar ahora Fábrica cada mañana' }));
    const estado = await screen.findByRole('status', { name: 'Resultado del envío' });
    expect(estado.textContent).toContain('«Fábrica cada mañana»: enviado a 2 destinatarios');
  });

  it('offers only the screens this user may open: the HR screens need the HR permission', async () => {
    const pantallas = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Nuevo reporte' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('combobox', { name: /^Pantalla/ }));
      await screen.findByRole('option', { name: 'Dashboard Fábrica' });
      return screen.getAllByRole('option').map((o) => o.textContent);
    };
    servidor();
    const { unmount } = renderWithProviders(<ReportesProgramadosPanel />);
    const delAdmin = await pantallas();
    expect(delAdmin).not.toContain(HORAS_EXTRA);
    unmount();
    servidor({ usuario: ADMIN_RRHH });
    renderWithProviders(<ReportesProgramadosPanel />);
    const conRrhh = await pantallas();
    expect(conRrhh).toContain(HORAS_EXTRA);
    expect(conRrhh.length).toBeGreaterThan(delAdmin.length);
  });

  it('creates a daily report: pasted recipients become chips, the input has no weekday', async () => {
    const fetch = servidor();
    renderWithProviders(<ReportesProgramadosPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo reporte' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El nombre es obligatorio')).toBeTruthy();
    expect(within(dialog).getByText('Elija la pantalla del reporte')).toBeTruthy();
    expect(within(dialog).getByText('Escriba al menos un destinatario')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(/^Nombre/), 'Fábrica diario');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Pantalla/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dashboard Fábrica' }));
    const hora = within(dialog).getByLabelText(/^Hora/);
    await userEvent.clear(hora);
    await userEvent.type(hora, '8:05');
    const correos = within(dialog).getByRole('combobox', { name: /^Destinatarios/ });
    await userEvent.click(correos);
    await userEvent.paste('Jefe@planta.pe,\ngerente@planta.pe; malo');
    expect(within(dialog).getByRole('button', { name: 'jefe@planta.pe' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'gerente@planta.pe' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Dirección de correo no válida: malo')).toBeTruthy();
    // Remove the bad chip (its delete icon), then save.
    const malo = within(dialog).getByRole('button', { name: 'malo' });
    await userEvent.click(within(malo).getByTestId('CancelIcon'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(llamadas(fetch, 'crearReporteProgramado')).toHaveLength(1));
    expect(llamadas(fetch, 'crearReporteProgramado')[0]?.variables.input).toEqual({
      nombre: 'Fábrica diario',
      ruta: '/fabrica',
      periodicidad: 'DIARIA',
      hora: '08:05',
      dia_semana: null,
      dia_mes: null,
      destinatarios: ['jefe@planta.pe', 'gerente@planta.pe'],
      activo: true,
    });
    expect(await screen.findByText('Reporte programado creado')).toBeTruthy();
  });

  it("offers 'Al cierre de cada turno' only for Pérdidas: no hour, the plant or a line", async () => {
    const fetch = servidor({
      reportes: [
        {
          ...reporte,
          id: '6',
          nombre: 'Pérdidas L1 por turno',
          ruta: '/fabrica/perdidas',
          pantalla: 'Pérdidas',
          periodicidad: 'TURNO',
          hora: null,
          dia_semana: null,
          linea: 1,
        },
      ],
    });
    renderWithProviders(<ReportesProgramadosPanel />);
    const grid = await screen.findByRole('table', { name: 'Reportes programados' });
    await within(grid).findByText('Pérdidas L1 por turno');
    expect(grid.textContent).toContain('Al cierre de cada turno');
    expect(grid.textContent).toContain('Pérdidas · línea 1');

    await userEvent.click(screen.getByRole('button', { name: 'Nuevo reporte' }));
    const dialog = await screen.findByRole('dialog');
    const periodicidades = async () => {
      await userEvent.click(within(dialog).getByRole('combobox', { name: /^Periodicidad/ }));
      const opciones = (await screen.findAllByRole('option')).map((o) => o.textContent);
      return opciones;
    };
    const elegir = async (campo: RegExp, opcion: string) => {
      await userEvent.click(within(dialog).getByRole('combobox', { name: campo }));
      await userEvent.click(await screen.findByRole('option', { name: opcion }));
    };
    // Another screen reports whole production days: no per-shift option, no line.
    await elegir(/^Pantalla/, 'Dashboard Fábrica');
    expect(await periodicidades()).toEqual(['Diaria', 'Semanal', 'Mensual']);
    await userEvent.keyboard('{Escape}');
    expect(within(dialog).queryByRole('combobox', { name: /^Línea/ })).toBeNull();

    await elegir(/^Pantalla/, 'Pérdidas');
    expect(await periodicidades()).toEqual(['Diaria', 'Semanal', 'Mensual', 'Al cierre de cada turno']);
    await userEvent.click(screen.getByRole('option', { name: 'Al cierre de cada turno' }));
    // The shifts' ends say when: no hour to type.
    expect(within(dialog).queryByLabelText(/^Hora/)).toBeNull();
    expect(within(dialog).getByText('Al terminar cada turno, el reporte del turno que cerró')).toBeTruthy();
    await elegir(/^Línea/, 'Línea 2');
    await userEvent.type(within(dialog).getByLabelText(/^Nombre/), 'Pérdidas L2 por turno');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Destinatarios/ }));
    await userEvent.paste('jefe@planta.pe ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(llamadas(fetch, 'crearReporteProgramado')).toHaveLength(1));
    expect(llamadas(fetch, 'crearReporteProgramado')[0]?.variables.input).toEqual({
      nombre: 'Pérdidas L2 por turno',
      ruta: '/fabrica/perdidas',
      periodicidad: 'TURNO',
      hora: null,
      dia_semana: null,
      dia_mes: null,
      linea: 2,
      destinatarios: ['jefe@planta.pe'],
      activo: true,
    });
  });
});
