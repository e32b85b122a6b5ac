import { beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createUser, describeEachDatabase, uniqueName } from './harness.ts';

const USERS = `{ users { id name username email deleted_at roles { id name } } }`;
const ROLES = `{ roles { id name } }`;
const CREATE = `mutation($input: CreateUserInput!) { createUser(input: $input) { id name username email deleted_at roles { name } } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { id name username email roles { name } } }`;
const DELETE = `mutation($id: ID!) { deleteUser(id: $id) { id deleted_at } }`;
const RESTORE = `mutation($id: ID!) { restoreUser(id: $id) { id deleted_at } }`;
const ASSIGN = `mutation($id: ID!, $role: String!) { assignRole(user_id: $id, role: $role) { id roles { id name } } }`;
const ME = `{ me { id } }`;

describeEachDatabase('users', (server) => {
  let root: string; // super-admin token
  let rootId: string;
  let adminToken: string;
  let adminId: string;
  const adminName = uniqueName('adm');

  beforeAll(async () => {
    const login = await server().login();
    root = login.access_token;
    rootId = login.user.id;
    adminId = await createUser(server(), root, { username: adminName, role: 'admin' });
    adminToken = (await server().login(adminName, 'clave-usuario-1')).access_token;
  });

  it('lists the four roles', async () => {
    const r = await server().gql(ROLES, {}, { token: root });
    expect(r.data?.roles.map((x: { name: string }) => x.name).sort()).toEqual([
      'admin',
      'human-resources',
      'operador',
      'super-admin',
    ]);
  });

  describe('createUser', () => {
    it('creates with name, username, password and optional email; no role until assigned', async () => {
      const username = uniqueName('new');
      const r = await server().gql(
        CREATE,
        { input: { name: 'Ana Pérez', username, password: 'clave-ana-123', email: 'ana@planta.pe' } },
        { token: adminToken },
      );
      expect(r.data?.createUser).toMatchObject({
        name: 'Ana Pérez',
        username,
        email: 'ana@planta.pe',
        deleted_at: null,
        roles: [],
      });
      const noEmail = await server().gql(
        CREATE,
        { input: { name: 'Sin Correo', username: uniqueName('ne'), password: 'clave-123456' } },
        { token: adminToken },
      );
      expect(noEmail.data?.createUser.email).toBeNull();
      expect((await server().login(username, 'clave-ana-123')).user.name).toBe('Ana Pérez');
    });

    it('requires name, username and password, naming the field in Spanish', async () => {
      const missing = await server().gql(
        CREATE,
        { input: { username: uniqueName(), password: 'clave-123456' } },
        { token: adminToken },
      );
      expect(missing.errors?.[0]?.message).toBe('Falta el campo obligatorio "name"');
      for (const [field, input] of [
        ['name', { name: ' ', username: uniqueName(), password: 'clave-123456' }],
        ['username', { name: 'X', username: '', password: 'clave-123456' }],
        ['password', { name: 'X', username: uniqueName(), password: '' }],
      ] as const) {
        const r = await server().gql(CREATE, { input }, { token: adminToken });
        expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
        expect(r.errors?.[0]?.message).toContain(`"${field}"`);
      }
      const badEmail = await server().gql(
        CREATE,
        { input: { name: 'X', username: uniqueName(), password: 'clave-123456', email: 'no-es-correo' } },
        { token: adminToken },
      );
      expect(badEmail.errors?.[0]?.message).toBe('El campo "email" no es un correo electrónico válido');
    });

    it('keeps usernames unique, ignoring case', async () => {
      const username = uniqueName('dup');
      await createUser(server(), adminToken, { username });
      const r = await server().gql(
        CREATE,
        { input: { name: 'Otro', username: username.toUpperCase(), password: 'clave-123456' } },
        { token: adminToken },
      );
      expect(r.errors?.[0]).toMatchObject({
        message: `El nombre de usuario "${username.toUpperCase()}" ya está en uso`,
        extensions: { code: 'CONFLICT', field: 'username' },
      });
    });

    it('needs admin: a human-resources user gets FORBIDDEN and an audit row', async () => {
      const hr = uniqueName('hr');
      await createUser(server(), adminToken, { username: hr, role: 'human-resources' });
      const hrToken = (await server().login(hr, 'clave-usuario-1')).access_token;
      const r = await server().gql(
        CREATE,
        { input: { name: 'X', username: uniqueName(), password: 'clave-123456' } },
        { token: hrToken },
      );
      expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await server().gql(USERS, {}, { token: hrToken })).errors?.[0]?.extensions?.code).toBe(
        'FORBIDDEN',
      );
      await expect
        .poll(async () => (await auditRows(server(), 'authorization_denied')).length)
        .toBeGreaterThan(0);
    });
  });

  describe('users list, delete and restore', () => {
    it('soft-deletes: listed with deleted_at, cannot log in, its access token dies at once', async () => {
      const username = uniqueName('del');
      const id = await createUser(server(), adminToken, { username, role: 'admin' });
      const victim = await server().login(username, 'clave-usuario-1');
      expect((await server().gql(ME, {}, { token: victim.access_token })).status).toBe(200);

      const deleted = await server().gql(DELETE, { id }, { token: adminToken });
      expect(deleted.data?.deleteUser.deleted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const listed = (await server().gql(USERS, {}, { token: adminToken })).data?.users.find(
        (u: { id: string }) => u.id === id,
      );
      expect(listed.deleted_at).toBeTruthy();
      expect((await server().gql(ME, {}, { token: victim.access_token })).status).toBe(401);
      await expect(server().login(username, 'clave-usuario-1')).rejects.toThrow(
        /Usuario o contraseña incorrectos/,
      );
      expect((await auditRows(server(), 'user_deleted')).some((row) => row.target_id === id)).toBe(true);

      const restored = await server().gql(RESTORE, { id }, { token: adminToken });
      expect(restored.data?.restoreUser.deleted_at).toBeNull();
      expect((await server().login(username, 'clave-usuario-1')).access_token).toBeTruthy();
    });

    it('refuses to delete yourself and unknown users', async () => {
      const self = await server().gql(DELETE, { id: adminId }, { token: adminToken });
      expect(self.errors?.[0]).toMatchObject({
        message: 'No puede eliminar su propio usuario',
        extensions: { code: 'CONFLICT' },
      });
      const unknown = await server().gql(DELETE, { id: '999999' }, { token: adminToken });
      expect(unknown.errors?.[0]).toMatchObject({
        message: 'El usuario no existe',
        extensions: { code: 'NOT_FOUND' },
      });
      const bad = await server().gql(DELETE, { id: 'abc' }, { token: adminToken });
      expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
    });
  });

  describe('updateUser', () => {
    it('updates fields; a new password ends the user\u2019s sessions', async () => {
      const username = uniqueName('upd');
      const id = await createUser(server(), adminToken, { username });
      const session = await server().login(username, 'clave-usuario-1');
      const r = await server().gql(
        UPDATE,
        { id, input: { name: 'Nombre Nuevo', email: 'n@planta.pe', password: 'otra-clave-99' } },
        { token: adminToken },
      );
      expect(r.data?.updateUser).toMatchObject({ name: 'Nombre Nuevo', email: 'n@planta.pe', username });
      expect((await server().gql(ME, {}, { token: session.access_token })).status).toBe(401);
      expect((await server().login(username, 'otra-clave-99')).access_token).toBeTruthy();
    });

    it('rejects a username taken by someone else', async () => {
      const a = uniqueName('ua');
      const id = await createUser(server(), adminToken, { username: uniqueName('ub') });
      await createUser(server(), adminToken, { username: a });
      const r = await server().gql(UPDATE, { id, input: { username: a } }, { token: adminToken });
      expect(r.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    });
  });

  describe('assignRole and the super-admin rules', () => {
    it('one role per user: assigning replaces, and ends the user\u2019s sessions', async () => {
      const username = uniqueName('role');
      const id = await createUser(server(), adminToken, { username, role: 'human-resources' });
      const session = await server().login(username, 'clave-usuario-1');
      const r = await server().gql(ASSIGN, { id, role: 'admin' }, { token: adminToken });
      expect(r.data?.assignRole.roles.map((x: { name: string }) => x.name)).toEqual(['admin']);
      expect((await server().gql(ME, {}, { token: session.access_token })).status).toBe(401);
      const audit = await auditRows(server(), 'role_changed');
      expect(audit.find((row) => row.target_id === id)?.details).toEqual({
        from: 'human-resources',
        to: 'admin',
      });
    });

    it('rejects an unknown role naming the field', async () => {
      const r = await server().gql(ASSIGN, { id: adminId, role: 'root' }, { token: root });
      expect(r.errors?.[0]).toMatchObject({
        message: 'El rol "root" no existe',
        extensions: { code: 'BAD_USER_INPUT', field: 'role' },
      });
    });

    it('only a super-admin grants super-admin or edits a super-admin', async () => {
      const username = uniqueName('sa');
      const id = await createUser(server(), adminToken, { username });
      const grant = await server().gql(ASSIGN, { id, role: 'super-admin' }, { token: adminToken });
      expect(grant.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const editRoot = await server().gql(
        UPDATE,
        { id: rootId, input: { name: 'Hackeado' } },
        { token: adminToken },
      );
      expect(editRoot.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const deleteRoot = await server().gql(DELETE, { id: rootId }, { token: adminToken });
      expect(deleteRoot.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const byRoot = await server().gql(ASSIGN, { id, role: 'super-admin' }, { token: root });
      expect(byRoot.data?.assignRole.roles[0].name).toBe('super-admin');
      // Now a super-admin: plain admins can no longer touch it.
      const demote = await server().gql(ASSIGN, { id, role: 'admin' }, { token: adminToken });
      expect(demote.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      // Two super-admins: one can be demoted by a super-admin.
      const ok = await server().gql(ASSIGN, { id, role: 'admin' }, { token: root });
      expect(ok.data?.assignRole.roles[0].name).toBe('admin');
    });

    it('the last super-admin cannot be deleted or demoted', async () => {
      const list = await server().gql(USERS, {}, { token: root });
      const activeSupers = list.data?.users.filter(
        (u: { deleted_at: string | null; roles: { name: string }[] }) =>
          !u.deleted_at && u.roles.some((r) => r.name === 'super-admin'),
      );
      expect(activeSupers.map((u: { id: string }) => u.id)).toEqual([rootId]);
      const del = await server().gql(DELETE, { id: rootId }, { token: root });
      expect(del.errors?.[0]).toMatchObject({
        message: 'No se puede eliminar al último super-admin',
        extensions: { code: 'CONFLICT' },
      });
      const demote = await server().gql(ASSIGN, { id: rootId, role: 'admin' }, { token: root });
      expect(demote.errors?.[0]).toMatchObject({
        message: 'No se puede quitar el rol al último super-admin',
        extensions: { code: 'CONFLICT' },
      });
      expect((await server().gql(ME, {}, { token: root })).status).toBe(200);
    });

    it('with two super-admins, one can delete the other', async () => {
      const username = uniqueName('sa2');
      const id = await createUser(server(), root, { username, role: 'super-admin' });
      const second = (await server().login(username, 'clave-usuario-1')).access_token;
      expect(
        (await server().gql(DELETE, { id: rootId }, { token: second })).data?.deleteUser.deleted_at,
      ).toBeTruthy();
      expect((await server().gql(ME, {}, { token: root })).status).toBe(401);
      expect(
        (await server().gql(RESTORE, { id: rootId }, { token: second })).data?.restoreUser.deleted_at,
      ).toBeNull();
      root = (await server().login()).access_token;
      expect((await server().gql(DELETE, { id }, { token: root })).data?.deleteUser.deleted_at).toBeTruthy();
    });
  });
});
