import { describe, expect, it } from 'vitest';
import type { Viewer } from '../auth/auth.service.ts';
import type { VariablesRepository } from '../variables/variables.repository.ts';
import type { PlanificacionesRepository, PlanificacionRecord } from './planificaciones.repository.ts';
import { percentOf, PlanificacionesService, PRODUCTION_VARIABLE } from './planificaciones.service.ts';

const admin: Viewer = {
  id: 1,
  name: 'Admin',
  username: 'admin',
  email: null,
  deletedAt: null,
  roleId: 1,
  roleName: 'admin',
  sessionId: 's',
  roles: [{ id: 1, name: 'admin' }],
};

describe('PlanificacionesService', () => {
  it('planificacion fecha is normalised to the first day of its month', async () => {
    let stored: unknown;
    // Repository doubles: only the methods the test touches exist; any other call fails loudly.
    const audited: unknown[] = [];
    const planes = {
      transaction: (fn: (repo: unknown) => Promise<unknown>) => fn(planes),
      // The audit row goes through the transaction's handle.
      handle: { insert: () => ({ values: async (row: unknown) => void audited.push(row) }) },
      insertPlanificacion: async (values: unknown) => {
        stored = values;
        return 3;
      },
      findPlanificacion: async () => ({ id: 3, variable: { id: 7, nombre: 'V' } }),
    };
    const variables = { findVariable: async () => ({ id: 7, area: 'produccion' }) };
    const service = new PlanificacionesService(
      planes as unknown as PlanificacionesRepository,
      variables as unknown as VariablesRepository,
    );
    await service.createPlanificacion(admin, { variable_id: '7', fecha: '2024-05-17', negociado: 1, aop: 2 });
    expect(stored).toEqual({ variableId: 7, fecha: '2024-05-01', negociado: 1, aop: 2 });
    expect(audited).toHaveLength(1);
  });

  it('percentOf: real / plan × 100 to 2 decimals, null without a usable plan', () => {
    expect(percentOf(300, 1000)).toBe(30);
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(null, 1000)).toBeNull();
    expect(percentOf(300, 0)).toBeNull();
    expect(percentOf(300, undefined)).toBeNull();
  });

  it('cumplimientoProduccion reads the production variable from the first of the month to fecha', async () => {
    const calls: unknown[][] = [];
    const plan = { id: 1, fecha: '2024-02-01', negociado: 400, aop: 500 } as PlanificacionRecord;
    const variables = {
      monthToDate: async (...args: unknown[]) => {
        calls.push(args);
        return { mensual: null, sumaDiario: 350, filas: 2 };
      },
    };
    const service = new PlanificacionesService(
      { planificacionOf: async () => plan } as unknown as PlanificacionesRepository,
      variables as unknown as VariablesRepository,
    );
    const result = await service.cumplimientoProduccion({ fecha: '2024-02-20' });
    expect(calls).toEqual([[PRODUCTION_VARIABLE, '2024-02-01', '2024-02-20']]);
    // Rows without mensual fall back to the sum of diario.
    expect(result).toMatchObject({ real: 350, cumplimientoNegociado: 87.5, cumplimientoAop: 70 });
  });
});
