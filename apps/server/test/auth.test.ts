import { decodeJwt, SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESION_VIGENTE_MS } from '../src/modules/auth/auth.service.ts';
import { ADMIN, auditRows, createUser, describeEachDatabase, uniqueName } from './harness.ts';

const ME = `{ me { id name username email roles { id name } } }`;
const REFRESH = `mutation($input: RefreshTokenInput) {
  refreshToken(input: $input) { access_token refresh_token expires_in token_type user { id name roles { name } } }
}`;
const LOGOUT = `mutation { logout { status message } }`;
const UPDATE_PASSWORD = `mutation($input: UpdatePassword!) { updatePassword(input: $input) { status message } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { access_token user { id } } }`;

describeEachDatabase('auth', (server) => {
  describe('login', () => {
    it('returns tokens, expires_in 3600 and the user with only id, name and roles', async () => {
      const result = await server().login();
      expect(result.token_type).toBe('Bearer');
      expect(result.expires_in).toBe(3600);
      expect(result.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(result.user).toEqual({
        id: expect.any(String),
        name: 'Administrador',
        roles: [{ id: expect.any(String), name: 'super-admin' }],
      });
      const claims = decodeJwt(result.access_token);
      expect(claims.iss).toBe('planta');
      expect(claims.aud).toBe('planta-web');
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    });

    it('sets the refresh token as an HttpOnly SameSite=Strict cookie', async () => {
      const { setCookie, refresh_token } = await server().login();
      expect(setCookie).toContain(`refresh_token=${refresh_token}`);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Strict/i);
      expect(setCookie).toMatch(/Path=\/graphql/i);
    });

    it('answers a wrong password and an unknown user the same way, 401', async () => {
      const wrong = await server().gql(LOGIN, { input: { username: ADMIN.username, password: 'nope-nope' } });
      const unknown = await server().gql(LOGIN, { input: { username: 'nadie-aqui', password: 'nope-nope' } });
      for (const r of [wrong, unknown]) {
        expect(r.status).toBe(401);
        expect(r.errors?.[0]?.message).toBe('Usuario o contraseña incorrectos');
        expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      }
    });

    it('is case-insensitive on the username', async () => {
      const r = await server().gql(LOGIN, { input: { username: 'ADMIN', password: ADMIN.password } });
      expect(r.data?.login.access_token).toBeTruthy();
    });

    it('rejects an empty username with a Spanish error naming the field', async () => {
      const r = await server().gql(LOGIN, { input: { username: '  ', password: 'x' } });
      expect(r.errors?.[0]?.message).toBe('El campo "username" es obligatorio');
      expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'username' });
    });
  });

  describe('me', () => {
    it('returns the current user with username and email', async () => {
      const { access_token } = await server().login();
      const r = await server().gql(ME, {}, { token: access_token });
      expect(r.status).toBe(200);
      expect(r.data?.me).toMatchObject({ name: 'Administrador', username: 'admin', email: null });
      expect(r.data?.me.roles.map((x: { name: string }) => x.name)).toEqual(['super-admin']);
    });

    it('answers 401 UNAUTHENTICATED without a token or with a bad one', async () => {
      const none = await server().gql(ME);
      expect(none.status).toBe(401);
      expect(none.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const garbage = await server().gql(ME, {}, { token: 'abc.def.ghi' });
      expect(garbage.status).toBe(401);
    });

    it('refuses tokens signed with another key, another algorithm, issuer or audience', async () => {
      const { access_token } = await server().login();
      const claims = decodeJwt(access_token);
      const otherKey = new TextEncoder().encode('x'.repeat(64));
      const forged = await new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuer('planta')
        .setAudience('planta-web')
        .setExpirationTime('1h')
        .sign(otherKey);
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const unsigned = `${header}.${access_token.split('.')[1]}.`;
      for (const token of [forged, unsigned]) {
        const r = await server().gql(ME, {}, { token });
        expect(r.status).toBe(401);
      }
    });
  });

  describe('refresh tokens', () => {
    it('rotates on every use; the new access token works', async () => {
      const first = await server().login();
      const r = await server().gql(REFRESH, { input: { refresh_token: first.refresh_token } });
      expect(r.status).toBe(200);
      const next = r.data?.refreshToken;
      expect(next.refresh_token).not.toBe(first.refresh_token);
      expect(next.expires_in).toBe(3600);
      const me = await server().gql(ME, {}, { token: next.access_token });
      expect(me.data?.me.username).toBe('admin');
    });

    it('replaying a used refresh token revokes the whole family', async () => {
      const first = await server().login();
      const rotated = await server().gql(REFRESH, { input: { refresh_token: first.refresh_token } });
      const second = rotated.data?.refreshToken;
      const replay = await server().gql(REFRESH, { input: { refresh_token: first.refresh_token } });
      expect(replay.status).toBe(401);
      // The family is gone: the legitimate successor and its access token stop working too.
      const successor = await server().gql(REFRESH, { input: { refresh_token: second.refresh_token } });
      expect(successor.status).toBe(401);
      const me = await server().gql(ME, {}, { token: second.access_token });
      expect(me.status).toBe(401);
      expect((await auditRows(server(), 'refresh_reuse')).length).toBeGreaterThan(0);
    });

    it('accepts the HttpOnly cookie when the argument is omitted', async () => {
      const { refresh_token } = await server().login();
      const r = await server().gql(REFRESH, {}, { headers: { cookie: `refresh_token=${refresh_token}` } });
      expect(r.status).toBe(200);
      expect(r.data?.refreshToken.access_token).toBeTruthy();
    });

    it('refuses an unknown refresh token', async () => {
      const r = await server().gql(REFRESH, { input: { refresh_token: 'no-existe' } });
      expect(r.status).toBe(401);
      expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('logout', () => {
    it('revokes the session: access and refresh tokens stop working at once', async () => {
      const session = await server().login();
      const out = await server().gql(LOGOUT, {}, { token: session.access_token });
      expect(out.data?.logout).toEqual({ status: 'success', message: 'Sesión cerrada correctamente' });
      expect(out.headers.get('set-cookie')).toMatch(/refresh_token=;/);
      expect((await server().gql(ME, {}, { token: session.access_token })).status).toBe(401);
      const refresh = await server().gql(REFRESH, { input: { refresh_token: session.refresh_token } });
      expect(refresh.status).toBe(401);
    });

    it('a user deleted by an admin is refused on the very next request, though their session was just checked', async () => {
      const adminToken = (await server().login()).access_token;
      const username = uniqueName('borrado');
      const id = await createUser(server(), adminToken, {
        username,
        password: 'clave-borrado-1',
        role: 'admin',
      });
      const session = await server().login(username, 'clave-borrado-1');
      expect((await server().gql(ME, {}, { token: session.access_token })).status).toBe(200);
      const borrado = await server().gql(
        `mutation($id: ID!) { deleteUser(id: $id) { id } }`,
        { id: String(id) },
        { token: adminToken },
      );
      expect(borrado.errors).toBeUndefined();
      expect((await server().gql(ME, {}, { token: session.access_token })).status).toBe(401);
    });

    it('a session revoked elsewhere (another server, straight in the database) is refused within a second', async () => {
      const session = await server().login();
      const sid = decodeJwt(session.access_token).sid as string;
      expect((await server().gql(ME, {}, { token: session.access_token })).status).toBe(200);
      const t0 = Date.now();
      await server().database.db.execute(sql`update sessions set revoked_at = now() where id = ${sid}::uuid`);
      let status = 200;
      while (status === 200 && Date.now() - t0 < 5_000) {
        status = (await server().gql(ME, {}, { token: session.access_token })).status;
      }
      expect(status).toBe(401);
      expect(Date.now() - t0).toBeLessThanOrEqual(SESION_VIGENTE_MS + 500);
    });

    it('leaves other sessions of the same user alive', async () => {
      const a = await server().login();
      const b = await server().login();
      await server().gql(LOGOUT, {}, { token: a.access_token });
      expect((await server().gql(ME, {}, { token: b.access_token })).status).toBe(200);
    });
  });

  describe('updatePassword', () => {
    it('checks the old password and the confirmation, then revokes the other sessions', async () => {
      const adminToken = (await server().login()).access_token;
      const username = uniqueName('pw');
      await createUser(server(), adminToken, { username, password: 'vieja-clave-1', role: 'admin' });
      const current = await server().login(username, 'vieja-clave-1');
      const other = await server().login(username, 'vieja-clave-1');

      const wrongOld = await server().gql(
        UPDATE_PASSWORD,
        {
          input: {
            old_password: 'otra-cosa',
            password: 'nueva-clave-1',
            password_confirmation: 'nueva-clave-1',
          },
        },
        { token: current.access_token },
      );
      expect(wrongOld.errors?.[0]).toMatchObject({
        message: 'La contraseña actual no es correcta',
        extensions: { code: 'BAD_USER_INPUT', field: 'old_password' },
      });

      const mismatch = await server().gql(
        UPDATE_PASSWORD,
        {
          input: {
            old_password: 'vieja-clave-1',
            password: 'nueva-clave-1',
            password_confirmation: 'otra-clave-1',
          },
        },
        { token: current.access_token },
      );
      expect(mismatch.errors?.[0]?.extensions?.field).toBe('password_confirmation');

      const short = await server().gql(
        UPDATE_PASSWORD,
        { input: { old_password: 'vieja-clave-1', password: 'corta', password_confirmation: 'corta' } },
        { token: current.access_token },
      );
      expect(short.errors?.[0]?.message).toBe('El campo "password" debe tener al menos 8 caracteres');

      const ok = await server().gql(
        UPDATE_PASSWORD,
        {
          input: {
            old_password: 'vieja-clave-1',
            password: 'nueva-clave-1',
            password_confirmation: 'nueva-clave-1',
          },
        },
        { token: current.access_token },
      );
      expect(ok.data?.updatePassword).toEqual({
        status: 'success',
        message: 'Contraseña actualizada correctamente',
      });
      expect((await server().gql(ME, {}, { token: current.access_token })).status).toBe(200);
      expect((await server().gql(ME, {}, { token: other.access_token })).status).toBe(401);
      await expect(server().login(username, 'vieja-clave-1')).rejects.toThrow();
      expect((await server().login(username, 'nueva-clave-1')).access_token).toBeTruthy();
    });

    it('keeps long passwords whole (no truncation)', async () => {
      const adminToken = (await server().login()).access_token;
      const username = uniqueName('long');
      const long = 'a'.repeat(100);
      await createUser(server(), adminToken, { username, password: long });
      expect((await server().login(username, long)).access_token).toBeTruthy();
      await expect(server().login(username, `${'a'.repeat(99)}b`)).rejects.toThrow();
    });
  });
});
