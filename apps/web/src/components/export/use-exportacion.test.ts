import { describe, expect, it, vi } from 'vitest';
import { textoEstado } from './export-button.tsx';
import { ExportacionPerdidaError, seguirExportacion } from './seguir-exportacion.ts';
import type { Exportacion } from './use-exportacion.ts';

const base: Exportacion = {
  id: 'a'.repeat(32),
  informe: 'Reporte de Aire',
  nombre: 'reporte-aire.xlsx',
  formato: 'XLSX',
  desde: null,
  hasta: null,
  intervalo: null,
  estado: 'EN_PROCESO',
  progreso: 0,
  filas: 0,
  bytes: null,
  creada: '2026-11-25T10:00:00Z',
  expira: '2026-11-26T10:00:00Z',
  file_url: '/api/exportaciones/x',
  error: null,
};

describe('seguirExportacion', () => {
  it('polls until LISTA, reporting each progress', async () => {
    const states = [0.1, 0.5, 1].map(
      (progreso, i) => ({ ...base, progreso, estado: i === 2 ? 'LISTA' : 'EN_PROCESO' }) as Exportacion,
    );
    const consultar = vi.fn(async () => states.shift()!);
    const vistos: number[] = [];
    const espera = vi.fn(async () => {});
    const final = await seguirExportacion(base.id, consultar, {
      signal: new AbortController().signal,
      onCambio: (e) => vistos.push(e.progreso),
      espera,
    });
    expect(final.estado).toBe('LISTA');
    expect(vistos).toEqual([0.1, 0.5, 1]);
    expect(consultar).toHaveBeenCalledTimes(3);
    expect(espera).toHaveBeenCalledTimes(2);
  });

  it('returns an ERROR export as is, rejects when it disappears, on abort and after the maximum', async () => {
    const error = { ...base, estado: 'ERROR' as const, error: 'No hay variables de agua que exportar' };
    const signal = new AbortController().signal;
    expect(await seguirExportacion(base.id, async () => error, { signal })).toEqual(error);
    await expect(seguirExportacion(base.id, async () => null, { signal })).rejects.toBeInstanceOf(
      ExportacionPerdidaError,
    );
    const controller = new AbortController();
    controller.abort();
    await expect(
      seguirExportacion(base.id, async () => base, { signal: controller.signal }),
    ).rejects.toBeDefined();
    let t = 0;
    await expect(
      seguirExportacion(base.id, async () => base, {
        signal,
        espera: async (ms) => {
          t += ms;
        },
        ahora: () => t,
        intervaloMs: 1000,
        maximoMs: 5000,
      }),
    ).rejects.toThrow(/tardando demasiado/);
  });
});

describe('textoEstado', () => {
  it('says what the export is doing, with the percentage', () => {
    expect(textoEstado('EN_PROCESO', 0.426)).toBe('Exportando… 43 %');
    expect(textoEstado('iniciando', 0)).toBe('Iniciando exportación…');
    expect(textoEstado('ERROR', 0)).toBe('La exportación falló');
    expect(textoEstado('inactiva', 0)).toBe('');
  });
});
