import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import type { Viewer } from '../auth/auth.service.ts';
import type {
  PlanificacionesRepository,
  PlanificacionRecord,
} from '../planificaciones/planificaciones.repository.ts';
import type { VariablesRepository } from './variables.repository.ts';
import { percentOf, PRODUCTION_VARIABLE, VariablesService } from './variables.service.ts';

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

/** Repository doubles: only the methods a test touches exist; any other call fails loudly. */
function serviceWith(
  methods: Partial<Record<keyof VariablesRepository, unknown>>,
  planes: Partial<Record<keyof PlanificacionesRepository, unknown>> = {},
): VariablesService {
  return new VariablesService(
    methods as unknown as VariablesRepository,
    planes as unknown as PlanificacionesRepository,
  );
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`se esperaba un AppError, no ${String(error)}`);
  return error;
}

describe('VariablesService', () => {
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
    const service = serviceWith(
      {
        monthToDate: async (...args: unknown[]) => {
          calls.push(args);
          return { mensual: null, sumaDiario: 350, filas: 2 };
        },
      },
      { planificacionOf: async () => plan },
    );
    const result = await service.cumplimientoProduccion({ fecha: '2024-02-20' });
    expect(calls).toEqual([[PRODUCTION_VARIABLE, '2024-02-01', '2024-02-20']]);
    // Rows without mensual fall back to the sum of diario.
    expect(result).toMatchObject({ real: 350, cumplimientoNegociado: 87.5, cumplimientoAop: 70 });
  });

  it('rejects non-finite numbers and names the field, before touching the database', async () => {
    const service = serviceWith({});
    for (const valor of [Number.POSITIVE_INFINITY, Number.NaN, '3']) {
      const error = await errorOf(
        service.upsertMeta(admin, { variable_id: '1', fecha: '2024-01-01', valor }),
      );
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: 'El campo "valor" debe ser un número' });
    }
    const missing = await errorOf(
      service.updateHistorico(admin, '1', { fecha: '2024-01-01', diario: 1, mensual: 1, anual: 1 }),
    );
    expect(missing.message).toBe('El campo "meta" es obligatorio');
  });
});
