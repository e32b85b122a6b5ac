import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe("the theme's Spanish texts for MUI's components", () => {
  const paginacion = theme.components?.MuiTablePagination?.defaultProps;

  it('names the rows a table page shows, with the count or without it', () => {
    const filas = paginacion?.labelDisplayedRows;
    expect(filas?.({ from: 1, to: 25, count: 804, page: 0 })).toBe('1–25 de 804');
    expect(filas?.({ from: 26, to: 50, count: -1, page: 1 })).toBe('26–50 de más de 50');
    expect(filas?.({ from: 1001, to: 1025, count: 12345, page: 40 })).toBe('1001–1025 de 12.345');
    expect(paginacion?.labelRowsPerPage).toBe('Filas por página:');
  });

  it("labels the pagination's buttons and the other components' controls in Spanish", () => {
    expect(paginacion?.getItemAriaLabel?.('next')).toBe('Ir a la página siguiente');
    expect(paginacion?.getItemAriaLabel?.('first')).toBe('Ir a la primera página');
    expect(theme.components?.MuiAlert?.defaultProps?.closeText).toBe('Cerrar');
    expect(theme.components?.MuiAutocomplete?.defaultProps?.noOptionsText).toBe('Sin opciones');
  });
});
