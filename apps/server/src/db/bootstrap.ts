import { randomBytes } from 'node:crypto';
import { ROLE_NAMES, ROLE_SUPER_ADMIN } from '@planta/domain';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { Db } from './client.ts';
import { roles, userRoles, users } from './schema/index.ts';
import { CANDADOS } from './candados.ts';

export const FIRST_ADMIN_USERNAME = 'admin';

/**
 * First start: the three roles and the super-admin `admin`, with ADMIN_PASSWORD or a generated
 * password printed once. Idempotent, and safe when several servers start on one PostgreSQL.
 */
export async function bootstrap(db: Db, adminPassword: string | undefined, logger: Logger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CANDADOS.arranque})`);
    await tx
      .insert(roles)
      .values(ROLE_NAMES.map((name) => ({ name })))
      .onConflictDoNothing();
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing) return;

    const generated = adminPassword === undefined;
    const password = adminPassword ?? randomBytes(12).toString('base64url');
    const [admin] = await tx
      .insert(users)
      .values({
        name: 'Administrador',
        username: FIRST_ADMIN_USERNAME,
        passwordHash: await hashPassword(password),
      })
      .returning({ id: users.id });
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ROLE_SUPER_ADMIN));
    if (!admin || !role) throw new Error('bootstrap: no se pudo crear el administrador');
    await tx.insert(userRoles).values({ userId: admin.id, roleId: role.id });
    if (generated) {
      // Printed once, on the console only: it is never stored in clear and never logged again.
      process.stdout.write(
        `\n  Primer inicio: usuario "${FIRST_ADMIN_USERNAME}", contraseña generada: ${password}\n` +
          '  Guárdela ahora: no se volverá a mostrar. Cámbiela en "Actualizar Contraseña".\n\n',
      );
    }
    logger.info({ username: FIRST_ADMIN_USERNAME, generated }, 'super-admin inicial creado');
  });
}
