import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { KpiCard, type KpiValores, metaDelMomento } from './kpi-card.tsx';

// Issue 31 item 12: at 15:59 the day in progress had made 73,872 of a 190,435 meta: red all day,
// though on pace. The card judges the day in progress against the meta due by now (its ritmo) and
// still shows the whole day's meta.

const produccion = { nombre: 'Producción (CU)', unidad: 'CU', decimales: 0, mayor_es_mejor: true };
const base: KpiValores = {
  diario: 73_872,
  mensual: 1_500_000,
  anual: 9_000_000,
  meta: 190_435,
  meta_mensual: 1_600_000,
  meta_anual: 9_500_000,
};

describe('KpiCard: the day in progress against its pace', () => {
  it('colours the day by its ritmo and shows the meta due by now next to the whole day’s', () => {
    const valores = { ...base, avance_programado: 0.37, meta_ritmo: 70_461, ritmo: 104.84 };
    renderWithProviders(<KpiCard variable={produccion} valores={valores} testId="kpi" />);
    const card = screen.getByTestId('kpi');
    expect(within(card).getByTestId('kpi-meta-dia').textContent).toBe('Meta del día 190,435');
    expect(within(card).getByTestId('kpi-meta-ritmo').textContent).toBe('A esta hora 70,461');
    const ritmo = within(card).getByTestId('kpi-ritmo');
    expect(ritmo.textContent).toBe('Ritmo 104.8 %');
    expect(ritmo.getAttribute('data-color')).toBe('success');
    // The accessible name contains the visible text (WCAG 2.5.3).
    expect(ritmo.getAttribute('aria-label')).toBe('Ritmo 104.8 %: cumple la meta a esta hora');
  });

  it('once the day is over (avance 1) it is the % of the meta, as before', () => {
    const valores = { ...base, avance_programado: 1, meta_ritmo: 190_435, ritmo: 38.79 };
    renderWithProviders(<KpiCard variable={produccion} valores={valores} testId="kpi" />);
    const card = screen.getByTestId('kpi');
    expect(within(card).queryByTestId('kpi-ritmo')).toBeNull();
    expect(within(card).queryByTestId('kpi-meta-ritmo')).toBeNull();
    expect(within(card).getByRole('status', { name: 'Fuera de la meta: 38.8 % de la meta' })).toBeTruthy();
  });

  it('metaDelMomento: the meta due by now only for a prorated meta of the day in progress', () => {
    expect(metaDelMomento({ ...base, avance_programado: 0.5, meta_ritmo: 95_217.5 })).toEqual({
      meta: 95_217.5,
      enCurso: true,
    });
    // A ratio keeps its meta; a closed day, or figures without ritmo, use the day's meta.
    expect(metaDelMomento({ ...base, avance_programado: 0.5, meta_ritmo: 190_435 }).enCurso).toBe(false);
    expect(metaDelMomento({ ...base, avance_programado: 1, meta_ritmo: 190_435 })).toEqual({
      meta: 190_435,
      enCurso: false,
    });
    expect(metaDelMomento(base)).toEqual({ meta: 190_435, enCurso: false });
  });
});
