import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import type { ResultadoImportacion } from './importar-reloj-api.ts';
import { ImportarRelojButton } from './importar-reloj.tsx';

const base: ResultadoImportacion = {
  archivo: 'reloj.csv',
  filas: 2,
  empleados_nuevos: 1,
  asistencias: { nuevas: 2, actualizadas: 0, sin_cambios: 0 },
  horas_extra: { nuevas: 1, actualizadas: 0, sin_cambios: 0, eliminadas: 0 },
  errores: [],
  total_errores: 0,
  muestra: [
    {
      fila: 2,
      codigo: 'E1',
      nombre: 'Ana',
      area: 'Producción',
      fecha: '2026-11-03',
      estado: 'PRESENTE',
      entrada: '07:00',
      salida: '15:00',
      horas: 2.5,
      tipo: 'DOBLE',
      motivo: 'Pedido',
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function abrirYElegir() {
  await userEvent.click(screen.getByRole('button', { name: 'Importar marcaciones' }));
  const input = await screen.findByTestId('importacion-archivo');
  fireEvent.change(input, { target: { files: [new File(['x'], 'reloj.csv', { type: 'text/csv' })] } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ImportarRelojButton', () => {
  it('previews, then imports once however many clicks, and calls onImportado', async () => {
    let terminar: (r: Response) => void = () => {};
    const fetchMock = vi.fn((url: string) =>
      url.endsWith('/vista-previa')
        ? Promise.resolve(json(200, base))
        : new Promise<Response>((resolve) => {
            terminar = resolve;
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onImportado = vi.fn();
    renderWithProviders(<ImportarRelojButton onImportado={onImportado} />);
    await abrirYElegir();
    const conteos = await screen.findByTestId('importacion-conteos');
    expect(conteos.textContent).toContain('Asistencias2 nuevas, 0 actualizadas, 0 sin cambios');
    expect(conteos.textContent).toContain('Horas extra1 nueva, 0 actualizadas, 0 sin cambios');
    expect(within(screen.getByTestId('importacion-muestra')).getByText('03/11/2026')).toBeTruthy();

    const importar = screen.getByTestId('importacion-confirmar');
    expect((importar as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(importar);
    fireEvent.click(importar);
    await waitFor(() => expect(screen.getByTestId('importacion-confirmar').textContent).toBe('Importando…'));
    terminar(json(200, { ...base, asistencias: { nuevas: 2, actualizadas: 0, sin_cambios: 0 } }));
    const exito = await screen.findByTestId('importacion-exito');
    expect(exito.textContent).toContain('Se importó «reloj.csv» (2 filas).');
    const posts = fetchMock.mock.calls.filter(([url]) => url.endsWith('/api/rrhh/importaciones'));
    expect(posts).toHaveLength(1);
    expect(onImportado).toHaveBeenCalledTimes(1);
  });

  it('shows the errors with row and column and keeps "Importar" disabled', async () => {
    const conErrores: ResultadoImportacion = {
      ...base,
      errores: [
        { fila: 3, columna: 'Fecha', mensaje: 'Fila 3, columna "Fecha": "x" no es una fecha válida.' },
      ],
      total_errores: 1,
    };
    const fetchMock = vi.fn(() => Promise.resolve(json(200, conErrores)));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ImportarRelojButton />);
    await abrirYElegir();
    const tabla = await screen.findByTestId('importacion-errores');
    const celdas = within(tabla)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(celdas).toEqual(['3', 'Fecha', 'Fila 3, columna "Fecha": "x" no es una fecha válida.']);
    expect(screen.getByTestId('importacion-errores-resumen').textContent).toContain(
      'El archivo tiene 1 error.',
    );
    expect((screen.getByTestId('importacion-confirmar') as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the server refusal (a file too large) in Spanish', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(413, { error: 'El archivo supera el máximo de 10 MB: divídalo en varios archivos.' }),
        ),
      ),
    );
    renderWithProviders(<ImportarRelojButton />);
    await abrirYElegir();
    expect((await screen.findByTestId('importacion-error')).textContent).toBe(
      'El archivo supera el máximo de 10 MB: divídalo en varios archivos.',
    );
    expect((screen.getByTestId('importacion-confirmar') as HTMLButtonElement).disabled).toBe(true);
  });
});
