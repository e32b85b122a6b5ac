import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import type { Paro } from '../utils/paros.ts';
import { leerPendientes } from '../utils/pendientes.ts';
import { ParosPage } from './paros-page.tsx';

type Sink = { next: (message: { data: unknown }) => void };
const sinks: Sink[] = [];
const subscribe = vi.fn((_payload: unknown, sink: Sink) => {
  sinks.push(sink);
  return () => {};
});
vi.mock('../../../lib/live-client.ts', () => ({ liveClient: () => ({ subscribe }) }));

const OPERADOR = {
  id: 'u7',
  name: 'Olga',
  roles: [{ id: '4', name: 'operador' }],
  lineas: [{ id: 'l1', numero: 1, nombre: 'Línea 1' }],
};

const base: Paro = {
  id: 'p1',
  linea_id: 'l1',
  inicio: '2026-03-10T15:00:00.000Z', // 10:00 Lima
  fin: '2026-03-10T15:12:00.000Z',
  minutos: 12,
  tipo: 'FALLA',
  origen: 'PLC',
  clase: 'FALLA',
  motivo: null,
  comentario: null,
  codigo_falla: null,
  motivo_por: null,
  motivo_en: null,
  turno: 1,
  version: 4,
};
const clasificado: Paro = {
  ...base,
  id: 'p0',
  inicio: '2026-03-10T14:00:00.000Z',
  fin: '2026-03-10T14:05:00.000Z',
  minutos: 5,
  motivo: { id: 'm2', nombre: 'Etiquetadora', categoria: 'Mecánica', clase: 'FALLA' },
  motivo_por: 'Olga',
  version: 2,
};
const corto: Paro = {
  ...base,
  id: 'p3',
  inicio: '2026-03-10T14:30:00.000Z',
  fin: '2026-03-10T14:30:40.000Z',
  minutos: 40 / 60,
};
const enCurso: Paro = { ...base, id: 'p2', inicio: '2026-03-10T15:20:00.000Z', fin: null, minutos: 3 };

const categorias = [
  {
    id: 'c1',
    nombre: 'Mecánica',
    motivos: [
      { id: 'm1', nombre: 'Llenadora', clase: 'FALLA', linea_ids: [] },
      { id: 'm2', nombre: 'Etiquetadora', clase: 'FALLA', linea_ids: ['l1'] },
      { id: 'm9', nombre: 'Solo línea 2', clase: 'FALLA', linea_ids: ['l2'] },
    ],
  },
  {
    id: 'c2',
    nombre: 'Solo L2',
    motivos: [{ id: 'm8', nombre: 'Otra', clase: 'CALIDAD', linea_ids: ['l2'] }],
  },
];

interface Llamada {
  query: string;
  variables: Record<string, unknown>;
}
let llamadas: Llamada[] = [];
let itemsServidor: Paro[] = [];
let responderMutacion: (variables: Record<string, unknown>) => Response | Promise<Response>;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  llamadas = [];
  itemsServidor = [enCurso, base, corto, clasificado];
  responderMutacion = (v) => {
    const input = v.input as { motivo_id: string };
    return json({
      data: {
        asignarMotivoParo: {
          ...base,
          motivo: { id: input.motivo_id, nombre: 'Llenadora', categoria: 'Mecánica', clase: 'FALLA' },
          version: 5,
        },
      },
    });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { body: string }) => {
      const body = JSON.parse(init.body) as Llamada;
      llamadas.push(body);
      if (body.query.includes('asignarMotivoParo')) return responderMutacion(body.variables);
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
      if (body.query.includes('categoriasParo')) return json({ data: { categoriasParo: categorias } });
      if (body.query.includes('umbralesMicroparo'))
        return json({ data: { umbralesMicroparo: [{ linea_id: 'l1', segundos: 60 }] } });
      if (body.query.includes('parosTurno'))
        return json({
          data: {
            parosTurno: {
              linea_id: 'l1',
              turno: 1,
              turno_nombre: 'Mañana',
              fecha: '2026-03-10',
              desde: '2026-03-10T13:00:00.000Z',
              hasta: '2026-03-10T21:00:00.000Z',
              abierto: true,
              items: itemsServidor,
            },
          },
        });
      return json({ errors: [{ message: `sin respuesta para ${body.query}` }] });
    }),
  );
  authStore.setToken('t', Date.now() + 3_600_000);
  authStore.setUser(OPERADOR);
});

afterEach(() => {
  authStore.clear();
  sinks.length = 0;
  subscribe.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const filasDe = (lista: HTMLElement) => within(lista).getAllByRole('listitem');
const mutaciones = () => llamadas.filter((l) => l.query.includes('asignarMotivoParo'));

async function abrirParo(texto: string) {
  const lista = await screen.findByRole('list', { name: 'Paros del turno' });
  await userEvent.click(within(lista).getByRole('button', { name: new RegExp(`^${texto}`) }));
  return screen.findByRole('dialog');
}

describe('ParosPage', () => {
  it('lists the shift’s stops newest first; the ones waiting for a reason stand out; live on the line', async () => {
    renderWithProviders(<ParosPage />, { route: '/paros' });
    const lista = await screen.findByRole('list', { name: 'Paros del turno' });
    const filas = within(lista).getAllByRole('listitem');
    expect(filas.map((f) => f.textContent)).toEqual([
      expect.stringContaining('10:20 – En curso'),
      expect.stringContaining('10:00–10:12'),
      expect.stringContaining('09:30–09:30'),
      expect.stringContaining('09:00–09:05'),
    ]);
    expect(filas[1]!.textContent).toContain('12 min');
    expect(filas[1]!.textContent).toContain('Falla');
    expect(filas[1]!.textContent).toContain('Sin motivo');
    // Below the line's micro-stop threshold (60 s) a stop does not wait for a reason.
    await waitFor(() =>
      expect(filas.map((f) => f.getAttribute('data-espera'))).toEqual(['si', 'si', 'no', 'no']),
    );
    expect(filas[3]!.textContent).toContain('Etiquetadora');
    expect(within(filas[0]!).getByRole('timer').textContent).toMatch(/^\d+:\d{2}(:\d{2})?$/);
    expect(screen.getByText('2 sin motivo')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Línea' }).textContent).toContain('Línea 1');
    // Only the operator's line, and live messages from it.
    expect(llamadas.find((l) => l.query.includes('parosTurno'))?.variables).toMatchObject({ lineaId: 'l1' });
    expect(subscribe.mock.calls[0]?.[0]).toMatchObject({ variables: { lineaId: 'l1' } });
    expect(llamadas.some((l) => l.query.includes('ParosLineas'))).toBe(false);

    const cambiado = {
      ...base,
      motivo: { id: 'm1', nombre: 'Llenadora', categoria: 'Mecánica', clase: 'FALLA' as const },
      version: 5,
    };
    itemsServidor = [enCurso, cambiado, corto, clasificado];
    const lecturas = llamadas.filter((l) => l.query.includes('parosTurno')).length;
    sinks[0]!.next({ data: { parosLinea: cambiado } });
    await waitFor(() => expect(filasDe(lista)[1]!.textContent).toContain('Llenadora'));
    // Read again too (a split brings two stops, a new one may start the next shift).
    await waitFor(() =>
      expect(llamadas.filter((l) => l.query.includes('parosTurno')).length).toBe(lecturas + 1),
    );
  });

  it('a category, then a reason: saved at once with the stop’s version and the comment', async () => {
    renderWithProviders(<ParosPage />, { route: '/paros' });
    const dialogo = await abrirParo('10:00–10:12');
    expect(within(dialogo).queryByRole('button', { name: 'Solo L2' })).toBeNull();
    await userEvent.type(within(dialogo).getByLabelText('Comentario'), 'Botella atascada');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Mecánica' }));
    expect(within(dialogo).queryByRole('button', { name: 'Solo línea 2' })).toBeNull();
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Llenadora' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutaciones()).toHaveLength(1);
    expect(mutaciones()[0]!.variables).toEqual({
      input: { paro_id: 'p1', motivo_id: 'm1', comentario: 'Botella atascada', version: 4 },
    });
    expect(await screen.findByText('Motivo guardado')).toBeTruthy();
  });

  it('shows the server’s refusal in the sheet', async () => {
    responderMutacion = () =>
      json({
        errors: [
          {
            message: 'El turno ya cerró: solo un administrador puede cambiar el motivo',
            extensions: { code: 'FORBIDDEN' },
          },
        ],
      });
    renderWithProviders(<ParosPage />, { route: '/paros' });
    const dialogo = await abrirParo('10:00–10:12');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Mecánica' }));
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Llenadora' }));
    expect((await within(dialogo).findByRole('alert')).textContent).toContain('El turno ya cerró');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offline: keeps the reason, shows it as pending and sends it once when back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<ParosPage />, { route: '/paros' });
    const dialogo = await abrirParo('10:00–10:12');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Mecánica' }));
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Llenadora' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutaciones()).toHaveLength(0);
    expect(leerPendientes('u7')).toMatchObject([
      { paro_id: 'p1', motivo_id: 'm1', version: 4, linea_id: 'l1', fecha: '2026-03-10', turno: 1 },
    ]);
    const lista = screen.getByRole('list', { name: 'Paros del turno' });
    const fila = within(lista).getAllByRole('listitem')[1]!;
    expect(fila.textContent).toContain('Pendiente de envío');
    expect(fila.textContent).toContain('Llenadora');

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(leerPendientes('u7')).toEqual([]));
    expect(mutaciones()).toHaveLength(1);
    expect(mutaciones()[0]!.variables).toMatchObject({
      input: { paro_id: 'p1', motivo_id: 'm1', version: 4 },
    });
    await waitFor(() => expect(fila.textContent).not.toContain('Pendiente de envío'));
  });

  it('a request that fails on the network is kept as pending too', async () => {
    responderMutacion = () => Promise.reject(new TypeError('Failed to fetch'));
    renderWithProviders(<ParosPage />, { route: '/paros' });
    const dialogo = await abrirParo('10:00–10:12');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Mecánica' }));
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Llenadora' }));
    await waitFor(() => expect(leerPendientes('u7')).toHaveLength(1));
    expect(await screen.findByText('Pendiente de envío')).toBeTruthy();
  });
});
