import { expect, it } from 'vitest';
import { fechaHora } from './fecha-hora.ts';

it('writes an instant as DD/MM HH:MM in plant time', () => {
  expect(fechaHora('2026-11-21T04:05:00Z', 'America/Lima')).toBe('20/11 23:05');
  expect(fechaHora(Date.parse('2026-01-02T13:00:00Z'), 'America/Lima')).toBe('02/01 08:00');
});
