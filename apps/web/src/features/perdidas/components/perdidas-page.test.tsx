import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { PerdidasOee } from '../api/perdidas.ts';
import { PerdidasPage } from './perdidas-page.tsx';

// ECharts needs a canvas: the charts' options are tested in utils; here only what the page gives them.
vi.mock('../../../components/charts/chart.tsx', () => ({
  Chart: (p: { option: unknown; testId?: string; ariaLabel: string }) => (
    <div data-testid={p.testId} aria-label={p.ariaLabel} data-state={p.option ? 'ready' : 'empty'} />
  ),
}));

const DATOS: PerdidasOee = {
  linea_id: 'l2',
  desde: '2026-03-09',
  hasta: '2026-03-09',
  turno: 2,
  tiempo_planificado: 400,
  paros_planificados: 80,
  tiempo_operativo: 340,
  tiempo_neto: 300,
  tiempo_productivo: 290,
  disponibilidad: 85,
  rendimiento: 88.2352,
  calidad: 96.6667,
  oee: 72.5,
  perdidas: [
    { clase: 'FALLA', etiqueta: 'Fallas', grupo: 'DISPONIBILIDAD', minutos: 45 },
    { clase: 'SIN_MOTIVO', etiqueta: 'Sin motivo', grupo: 'DISPONIBILIDAD', minutos: 15 },
    { clase: 'VELOCIDAD', etiqueta: 'Velocidad reducida', grupo: 'RENDIMIENTO', minutos: 40 },
    { clase: 'CALIDAD', etiqueta: 'Calidad', grupo: 'CALIDAD', minutos: 10 },
  ],
  pareto: [
    { motivo: 'Llenadora', categoria: 'Mecánica', clase: 'FALLA', minutos: 45, paros: 3 },
    { motivo: 'Sin motivo', categoria: null, clase: 'SIN_MOTIVO', minutos: 15, paros: 4 },
  ],
  planificados: [{ motivo: 'CIP', categoria: 'Limpieza', clase: 'PLANIFICADO', minutos: 80, paros: 1 }],
  principales: [
    {
      id: 'p1',
      linea: 2,
      linea_nombre: 'Línea 2',
      inicio: '2026-03-09T21:30:00.000Z',
      fin: '2026-03-09T22:00:00.000Z',
      minutos: 30,
      clase: 'FALLA',
      motivo: { nombre: 'Llenadora', categoria: 'Mecánica' },
      comentario: 'Válvula',
      motivo_por: 'Olga',
      origen: 'PLC',
    },
    {
      id: 'p2',
      linea: 2,
      linea_nombre: 'Línea 2',
      inicio: '2026-03-09T23:00:00.000Z',
      fin: '2026-03-09T23:09:00.000Z',
      minutos: 9,
      clase: 'FALLA',
      motivo: null,
      comentario: null,
      motivo_por: null,
      origen: 'PLC',
    },
  ],
  cambios_formato: [{ desde: 'Agua 500 ml', hasta: 'Agua 1 L', cambios: 2, minutos: 50 }],
  mtbf: 110.5,
  mttr: 15,
  sin_motivo_pct: 25,
  lineas_tiempo: [
    {
      linea_id: 'l2',
      linea: 2,
      linea_nombre: 'Línea 2',
      tramos: [
        {
          inicio: '2026-03-09T21:00:00.000Z',
          fin: '2026-03-09T21:30:00.000Z',
          estado: 'MARCHA',
          paro_id: null,
          motivo: null,
          motivo_por: null,
        },
      ],
    },
  ],
};

interface Llamada {
  query: string;
  variables: Record<string, unknown>;
}
let llamadas: Llamada[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  llamadas = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { body: string }) => {
      const body = JSON.parse(init.body) as Llamada;
      llamadas.push(body);
      if (body.query.includes('perdidasOee')) return json({ data: { perdidasOee: DATOS } });
      if (body.query.includes('exportarParos')) return json({ data: { exportarParos: { id: 'e1' } } });
      if (body.query.includes('exportacion(')) return json({ errors: [{ message: 'fin de la prueba' }] });
      if (body.query.includes('calendarioPlanta'))
        return json({
          data: {
            calendarioPlanta: {
              zona_horaria: 'America/Lima',
              dia_produccion: '2026-03-10',
              fecha_energia: '2026-03-10',
              ahora: '2026-03-10T15:23:00.000Z',
              primer_dia: '2026-01-01',
            },
          },
        });
      if (body.query.includes('turnosHorario'))
        return json({
          data: {
            turnosHorario: [
              { numero: 1, nombre: 'Mañana', inicio: '08:00', fin: '16:00' },
              { numero: 2, nombre: 'Tarde', inicio: '16:00', fin: '00:00' },
              { numero: 3, nombre: 'Noche', inicio: '00:00', fin: '08:00' },
            ],
          },
        });
      if (body.query.includes('lineas'))
        return json({
          data: {
            lineas: [
              { id: 'l2', numero: 2, nombre: 'Línea 2' },
              { id: 'l1', numero: 1, nombre: 'Línea 1' },
            ],
          },
        });
      return json({ errors: [{ message: `sin respuesta para ${body.query}` }] });
    }),
  );
});

describe('Pérdidas', () => {
  it('asks for the URL’s day, shift and line, and shows the figures, the charts and the tables', async () => {
    renderWithProviders(<PerdidasPage />, { route: '/fabrica/perdidas?fecha=2026-03-09&turno=2&linea=2' });
    await waitFor(() => expect(screen.getByTestId('kpi-oee').textContent).toContain('72.5'));
    const consulta = llamadas.find((l) => l.query.includes('perdidasOee'))!;
    expect(consulta.variables).toEqual({
      linea_id: 'l2',
      desde: '2026-03-09',
      hasta: '2026-03-09',
      turno: 2,
    });
    expect(screen.getByTestId('kpi-planificado').textContent).toContain('400');
    expect(screen.getByTestId('kpi-rendimiento').textContent).toContain('88.2');
    expect(screen.getByTestId('kpi-mtbf').textContent).toContain('110.5');
    expect(screen.getByTestId('kpi-sin-motivo').textContent).toContain('25.0');
    expect(screen.getByTestId('perdidas-periodo').textContent).toContain('09/03/2026 · Tarde · Línea 2');
    expect(screen.getByTestId('grafico-cascada').getAttribute('data-state')).toBe('ready');
    expect(screen.getByTestId('grafico-pareto').getAttribute('data-state')).toBe('ready');
    expect(screen.getByTestId('grafico-linea-tiempo').getAttribute('data-state')).toBe('ready');

    const principales = within(screen.getByTestId('tabla-principales'));
    expect(principales.getByText('Llenadora')).toBeTruthy();
    expect(principales.getByText('Mecánica')).toBeTruthy();
    expect(principales.getByText('09/03 16:30')).toBeTruthy();
    expect(principales.getByText('Olga')).toBeTruthy();
    // The stop without a reason shows as such.
    expect(principales.getByText('Sin motivo')).toBeTruthy();
    expect(screen.getByTestId('planificados-total').textContent).toContain('80.0');
    expect(within(screen.getByTestId('tabla-cambios')).getByText('25.0')).toBeTruthy();

    // Exportar: every stop of the same query.
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    await waitFor(() => expect(llamadas.some((l) => l.query.includes('exportarParos'))).toBe(true));
    expect(llamadas.find((l) => l.query.includes('exportarParos'))!.variables).toEqual({
      input: { linea_id: 'l2', desde: '2026-03-09', hasta: '2026-03-09', turno: 2, formato: 'XLSX' },
    });
  });

  it('a range hides the timeline and asks for desde..hasta; the plant is linea_id null', async () => {
    renderWithProviders(<PerdidasPage />, { route: '/fabrica/perdidas?desde=2026-03-01&hasta=2026-03-09' });
    await waitFor(() => expect(llamadas.some((l) => l.query.includes('perdidasOee'))).toBe(true));
    const consulta = llamadas.find((l) => l.query.includes('perdidasOee'))!;
    expect(consulta.variables).toEqual({
      linea_id: null,
      desde: '2026-03-01',
      hasta: '2026-03-09',
      turno: null,
    });
    expect(await screen.findByTestId('linea-tiempo-rango')).toBeTruthy();
    expect(screen.queryByTestId('grafico-linea-tiempo')).toBeNull();
    expect(screen.getByTestId('perdidas-periodo').textContent).toContain(
      'Del 01/03/2026 al 09/03/2026 · 9 días · Planta',
    );
  });

  it('Rango then Día: the week to the chosen day, then back to its last day', async () => {
    renderWithProviders(<PerdidasPage />, { route: '/fabrica/perdidas?fecha=2026-03-09' });
    await screen.findByTestId('modo-rango');
    await userEvent.click(screen.getByTestId('modo-rango'));
    await waitFor(() =>
      expect(llamadas.filter((l) => l.query.includes('perdidasOee')).at(-1)!.variables).toMatchObject({
        desde: '2026-03-09',
        hasta: '2026-03-09',
      }),
    );
    expect(screen.getByTestId('perdidas-periodo').textContent).toContain('Del 09/03/2026 al 09/03/2026');
    await userEvent.click(screen.getByTestId('modo-dia'));
    await waitFor(() =>
      expect(screen.getByTestId('perdidas-periodo').textContent).toContain('Día de producción 09/03/2026'),
    );
  });
});
