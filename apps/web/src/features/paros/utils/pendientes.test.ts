import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  enviarPendientes,
  type EnvioApi,
  guardarPendiente,
  leerPendientes,
  type Pendiente,
  quitarPendiente,
} from './pendientes.ts';

const U = 'u1';
const pendiente = (paro_id: string, motivo_id = 'm1'): Pendiente => ({
  paro_id,
  motivo_id,
  motivo_nombre: 'Llenadora',
  comentario: null,
  version: 3,
  linea_id: 'l1',
  fecha: '2026-03-10',
  turno: 1,
});

class RedError extends Error {}
class ConflictoError extends Error {}

function api(over: Partial<EnvioApi> = {}): EnvioApi & { asignar: ReturnType<typeof vi.fn> } {
  return {
    asignar: vi.fn(async () => ({})),
    motivoActual: vi.fn(async () => null),
    esDeRed: (e) => e instanceof RedError,
    esConflicto: (e) => e instanceof ConflictoError,
    ...over,
  } as EnvioApi & { asignar: ReturnType<typeof vi.fn> };
}

afterEach(() => localStorage.clear());

describe('pending reasons', () => {
  it('keeps one per stop (the last choice) and removes it', () => {
    guardarPendiente(U, pendiente('p1', 'm1'));
    guardarPendiente(U, pendiente('p2'));
    guardarPendiente(U, pendiente('p1', 'm2'));
    expect(leerPendientes(U).map((p) => [p.paro_id, p.motivo_id])).toEqual([
      ['p2', 'm1'],
      ['p1', 'm2'],
    ]);
    expect(leerPendientes('otro')).toEqual([]);
    quitarPendiente(U, 'p2');
    expect(leerPendientes(U).map((p) => p.paro_id)).toEqual(['p1']);
  });

  it('sends each once, even when asked twice at the same time', async () => {
    guardarPendiente(U, pendiente('p1'));
    guardarPendiente(U, pendiente('p2'));
    const a = api();
    const [r1, r2] = await Promise.all([enviarPendientes(U, a), enviarPendientes(U, a)]);
    expect(a.asignar).toHaveBeenCalledTimes(2);
    expect(r1).toBe(r2);
    expect(r1.enviados.map((p) => p.paro_id)).toEqual(['p1', 'p2']);
    expect(leerPendientes(U)).toEqual([]);
    await enviarPendientes(U, a);
    expect(a.asignar).toHaveBeenCalledTimes(2);
  });

  it('stops at a network failure and keeps what is left', async () => {
    guardarPendiente(U, pendiente('p1'));
    guardarPendiente(U, pendiente('p2'));
    const a = api({ asignar: vi.fn(async () => Promise.reject(new RedError('sin red'))) });
    const r = await enviarPendientes(U, a);
    expect(r).toEqual({ enviados: [], rechazados: [] });
    expect(a.asignar).toHaveBeenCalledTimes(1);
    expect(leerPendientes(U).map((p) => p.paro_id)).toEqual(['p1', 'p2']);
  });

  it('drops silently a CONFLICT whose stop already has that reason; reports one that changed', async () => {
    guardarPendiente(U, pendiente('p1', 'm1'));
    guardarPendiente(U, pendiente('p2', 'm1'));
    const a = api({
      asignar: vi.fn(async () => Promise.reject(new ConflictoError('El paro cambió'))),
      motivoActual: vi.fn(async (p: Pendiente) => (p.paro_id === 'p1' ? 'm1' : 'm9')),
    });
    const r = await enviarPendientes(U, a);
    expect(r.enviados).toEqual([]);
    expect(r.rechazados.map((x) => [x.pendiente.paro_id, x.mensaje])).toEqual([
      ['p2', 'El paro cambió mientras estaba sin conexión: revise su motivo'],
    ]);
    expect(leerPendientes(U)).toEqual([]);
  });

  it('reports any other refusal with the server’s message and drops it', async () => {
    guardarPendiente(U, pendiente('p1'));
    const a = api({
      asignar: vi.fn(async () =>
        Promise.reject(new Error('El turno ya cerró: solo un administrador puede cambiar el motivo')),
      ),
    });
    const r = await enviarPendientes(U, a);
    expect(r.rechazados[0]?.mensaje).toBe('El turno ya cerró: solo un administrador puede cambiar el motivo');
    expect(leerPendientes(U)).toEqual([]);
  });
});
