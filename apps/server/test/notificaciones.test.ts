import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';

describeEachDatabase('in-app notifications', (server) => {
  let adminId: string;
  let adminToken: string;
  let otherToken: string;

  beforeAll(async () => {
    const login = await server().login();
    adminId = login.user.id;
    adminToken = login.access_token;
    const other = uniqueName('n');
    const otherId = await createUser(server(), adminToken, { username: other });
    otherToken = (await server().login(other, 'clave-usuario-1')).access_token;
    await server().database.db.execute(sql`
      insert into notificaciones (user_id, titulo, mensaje, created_at) values
        (${Number(adminId)}, 'DQO salida fuera de rango', 'DQO salida 240 mg/L (máximo 200)', now() - interval '2 hours'),
        (${Number(adminId)}, 'ETA bajo meta', 'ETA 71 % (meta 85 %)', now() - interval '1 hour'),
        (${Number(otherId)}, 'Ajena', 'No debe verla el admin', now())`);
  });

  it('lists only the viewer\u2019s notifications, newest first, and counts the unread', async () => {
    const r = await server().gql(
      `{ notificaciones { titulo leida } notificacionesNoLeidas }`,
      {},
      { token: adminToken },
    );
    expect(r.data?.notificaciones.map((n: { titulo: string }) => n.titulo)).toEqual([
      'ETA bajo meta',
      'DQO salida fuera de rango',
    ]);
    expect(r.data?.notificacionesNoLeidas).toBe(2);
    expect(
      (await server().gql(`{ notificacionesNoLeidas }`, {}, { token: otherToken })).data
        ?.notificacionesNoLeidas,
    ).toBe(1);
  });

  it('marks some or all as read, never another user\u2019s', async () => {
    const list = await server().gql(`{ notificaciones { id titulo } }`, {}, { token: adminToken });
    const first = list.data?.notificaciones[0].id as string;
    const other = await server().gql(
      `mutation($ids: [ID!]) { marcarNotificacionesLeidas(ids: $ids) }`,
      { ids: [first] },
      { token: otherToken },
    );
    expect(other.data?.marcarNotificacionesLeidas).toBe(0);
    const one = await server().gql(
      `mutation($ids: [ID!]) { marcarNotificacionesLeidas(ids: $ids) }`,
      { ids: [first] },
      { token: adminToken },
    );
    expect(one.data?.marcarNotificacionesLeidas).toBe(1);
    const unread = await server().gql(
      `{ notificaciones(solo_no_leidas: true) { titulo } }`,
      {},
      { token: adminToken },
    );
    expect(unread.data?.notificaciones).toEqual([{ titulo: 'DQO salida fuera de rango' }]);
    const all = await server().gql(`mutation { marcarNotificacionesLeidas }`, {}, { token: adminToken });
    expect(all.data?.marcarNotificacionesLeidas).toBe(1);
    expect(
      (await server().gql(`{ notificacionesNoLeidas }`, {}, { token: adminToken })).data
        ?.notificacionesNoLeidas,
    ).toBe(0);
    const bad = await server().gql(
      `mutation { marcarNotificacionesLeidas(ids: ["x"]) }`,
      {},
      { token: adminToken },
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ids.0' });
    expect((await server().gql(`{ notificacionesNoLeidas }`)).status).toBe(401);
  });
});
