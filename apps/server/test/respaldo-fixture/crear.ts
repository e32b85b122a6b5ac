/**
 * Writes the upgrade fixture: a backup made by the release of 2026-11-27 (schema
 * 0006_reportes_programados) with three demo days, users (one soft-deleted), plans and metas, and
 * beside it what the upgrade test expects of it (planta-0006.json). Kept to show how it was made:
 * a fixture that has shipped is never regenerated (a newer release makes a new one next to it).
 *
 *   node --import tsx apps/server/test/respaldo-fixture/crear.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLE_ADMIN } from '@planta/domain';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { bootstrap } from '../../src/db/bootstrap.ts';
import { openDatabase } from '../../src/db/client.ts';
import { escribirRespaldo } from '../../src/db/respaldo/crear.ts';
import { roles, userRoles, users } from '../../src/db/schema/index.ts';
import { startDemoHistory } from '../../src/demo/start-demo.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { huellaDatos, USUARIOS_FIXTURE } from './huella.ts';

const aqui = path.dirname(fileURLToPath(import.meta.url));
const logger = pino({ level: 'warn' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-fixture-'));
const database = await openDatabase({ kind: 'pglite', dataDir }, logger);
try {
  await database.migrate();
  await bootstrap(database.db, USUARIOS_FIXTURE.admin.password, logger);
  await startDemoHistory(database.db, { days: 3, timeZone: 'America/Lima', logger });
  // The operator has no role (a plain user); the soft-deleted one had been an admin.
  const [rolAdmin] = await database.db.select().from(roles).where(eq(roles.name, ROLE_ADMIN));
  for (const u of [USUARIOS_FIXTURE.operador, USUARIOS_FIXTURE.retirado]) {
    const [creado] = await database.db
      .insert(users)
      .values({
        name: u.username,
        username: u.username,
        passwordHash: await hashPassword(u.password),
        deletedAt: u === USUARIOS_FIXTURE.retirado ? new Date('2026-11-20T15:00:00Z') : null,
      })
      .returning({ id: users.id });
    if (u === USUARIOS_FIXTURE.retirado) {
      await database.db.insert(userRoles).values({ userId: creado!.id, roleId: rolAdmin!.id });
    }
  }
  await escribirRespaldo(database, path.join(aqui, 'planta-0006.sql.gz'));
  const huella = await huellaDatos(database.db);
  fs.writeFileSync(path.join(aqui, 'planta-0006.json'), `${JSON.stringify(huella, null, 2)}\n`);
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
