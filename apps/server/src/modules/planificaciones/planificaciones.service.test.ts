import { describe, expect, it } from 'vitest';
import type { Viewer } from '../auth/auth.service.ts';
import type { VariablesRepository } from '../variables/variables.repository.ts';
import type { PlanificacionesRepository } from './planificaciones.repository.ts';
import { PlanificacionesService } from './planificaciones.service.ts';

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
});
