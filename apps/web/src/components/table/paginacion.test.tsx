import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Paginacion } from './paginacion.tsx';

function Tabla({ count, opciones }: { count: number; opciones?: number[] }) {
  const [page, setPage] = useState(0);
  const [porPagina, setPorPagina] = useState(24);
  return (
    <Paginacion
      count={count}
      page={page}
      rowsPerPage={porPagina}
      rowsPerPageOptions={opciones}
      onPageChange={setPage}
      onRowsPerPageChange={(n) => {
        setPorPagina(n);
        setPage(0);
      }}
      testId="paginacion"
    />
  );
}

describe('Paginacion', () => {
  it('shows the rows on the page of the whole and moves between pages, the ends disabled', () => {
    render(<Tabla count={50} />);
    const paginacion = screen.getByTestId('paginacion');
    const anterior = screen.getByRole('button', { name: 'Ir a la página anterior' });
    const siguiente = screen.getByRole('button', { name: 'Ir a la página siguiente' });
    expect(paginacion.textContent).toContain('1–24 de 50');
    expect((anterior as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(siguiente);
    expect(paginacion.textContent).toContain('25–48 de 50');
    fireEvent.click(siguiente);
    expect(paginacion.textContent).toContain('49–50 de 50');
    expect((siguiente as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(anterior);
    expect(paginacion.textContent).toContain('25–48 de 50');
    // One page size only: nothing to choose.
    expect(within(paginacion).queryByText('Filas por página:')).toBeNull();
  });

  it('an empty table: 0–0 de 0, both arrows disabled', () => {
    render(<Tabla count={0} />);
    expect(screen.getByTestId('paginacion').textContent).toContain('0–0 de 0');
    for (const name of ['Ir a la página anterior', 'Ir a la página siguiente'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('choosing the rows per page goes back to the first page', () => {
    render(<Tabla count={100} opciones={[24, 48, 96]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(screen.getByTestId('paginacion').textContent).toContain('25–48 de 100');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Filas por página:/ }));
    fireEvent.click(screen.getByRole('option', { name: '48' }));
    expect(screen.getByTestId('paginacion').textContent).toContain('1–48 de 100');
  });
});
