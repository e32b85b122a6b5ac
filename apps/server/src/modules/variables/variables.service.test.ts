import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import type { Viewer } from '../auth/auth.service.ts';
import type { VariablesRepository } from './variables.repository.ts';
import { VariablesService } from './variables.service.ts';

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
function serviceWith(methods: Partial<Record<keyof VariablesRepository, unknown>>): VariablesService {
  return new VariablesService(methods as unknown as VariablesRepository);
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
