import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import type { Viewer } from '../auth/auth.service.ts';
import type { LineasRepository } from '../lineas/lineas.repository.ts';
import type { TurnosRepository } from './turnos.repository.ts';
import { TurnosService } from './turnos.service.ts';

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

/** Repository doubles with no methods: any database call fails loudly. */
const service = new TurnosService(
  {} as unknown as TurnosRepository,
  {} as unknown as LineasRepository,
  'America/Lima',
);

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`se esperaba un AppError, no ${String(error)}`);
  return error;
}

describe('TurnosService', () => {
  it('rejects unknown input keys and names the key, before touching the database', async () => {
    const unknownKey = await errorOf(
      service.createTurno(admin, { linea_id: 1, fecha: '2024-01-01', horas_productividad: 8, extra: 1 }),
    );
    expect(unknownKey.message).toBe('El campo "extra" no está permitido');
  });
});
