import { describe, expect, it } from 'vitest';
import { adminMutation, createTestUser } from './api.ts';
import { cerrarPagina, expectPath, headerTitle, loginThroughForm, useBrowser } from './browser.ts';

describe('login, logout and session expiry', () => {
  const { newPage } = useBrowser();

  it('validates the form, rejects a wrong password, logs in and lands on the menu', async () => {
    const page = await newPage();
    await page.goto('/');
    await expectPath(page, '/login');
    await expect.poll(() => page.title()).toBe('Inicio de sesión');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect.poll(() => page.getByText('Ingrese su usuario').isVisible()).toBe(true);
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('Usuario o contraseña incorrectos');
    await loginThroughForm(page);
    await expectPath(page, '/menu');
    await expect.poll(() => headerTitle(page)).toBe('Menú');
    await expect.poll(() => page.title()).toBe('Menú');
    await cerrarPagina(page);
  });

  it('keeps the session across a reload (cookie) and ends it on logout', async () => {
    const page = await newPage();
    await loginThroughForm(page);
    await page.goto('/fabrica');
    await expect.poll(() => headerTitle(page)).toBe('Dashboard Fábrica');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'access_token')?.sameSite).toBe('Strict');
    await page.reload();
    await expect.poll(() => headerTitle(page)).toBe('Dashboard Fábrica');

    await page.getByRole('button', { name: 'Cuenta de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expectPath(page, '/login');
    expect((await page.context().cookies()).some((c) => c.name === 'access_token')).toBe(false);
    await page.goto('/fabrica');
    await expectPath(page, '/login');
    await cerrarPagina(page);
  });

  it('after a reload without the access cookie, refreshes silently from the HttpOnly cookie', async () => {
    const page = await newPage();
    await loginThroughForm(page);
    await page.context().clearCookies({ name: 'access_token' });
    await page.goto('/users');
    await expect.poll(() => headerTitle(page)).toBe('Usuarios');
    await cerrarPagina(page);
  });

  it('stays logged in when the page reloads while the user is still being fetched after login', async () => {
    const page = await newPage();
    // The "me" request after logging in answers slowly, so the reload cuts it off.
    let held = 0;
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('query Me') && held++ === 0) {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      await route.continue().catch(() => {});
    });
    await loginThroughForm(page);
    await page.goto('/users');
    await expect.poll(() => headerTitle(page)).toBe('Usuarios');
    expect(new URL(page.url()).pathname).toBe('/users');
    await cerrarPagina(page);
  });

  it('sends a logged-out visitor to /login and back to the wanted route after logging in', async () => {
    const page = await newPage();
    await page.goto('/mantenimiento/utilidades');
    await expectPath(page, '/login');
    await loginThroughForm(page);
    await expectPath(page, '/mantenimiento/utilidades');
    await expect.poll(() => headerTitle(page)).toBe('Utilidades');
    await cerrarPagina(page);
  });

  it('a user deleted from another session sees "!Sesión Expirada!" on the next request and lands on /login', async () => {
    const victim = await createTestUser('exp', 'admin');
    const page = await newPage();
    await loginThroughForm(page, victim.username, victim.password);
    await page.goto('/menu');
    await adminMutation('mutation($id: ID!) { deleteUser(id: $id) { id } }', { id: victim.id });

    // Any next request meets the 401 (the live connection status polls too, so it may come first).
    const warned = page.getByText('!Sesión Expirada!').waitFor({ timeout: 30_000 });
    await page
      .getByRole('link', { name: 'Usuarios' })
      .first()
      .click({ timeout: 5_000 })
      .catch(() => {});
    await warned;
    expect(await page.getByText('Por favor inicie sesión de nuevo para continuar.').isVisible()).toBe(true);
    await expectPath(page, '/login');

    // Restored, the user logs in again and returns to the screen they wanted.
    await adminMutation('mutation($id: ID!) { restoreUser(id: $id) { id } }', { id: victim.id });
    await loginThroughForm(page, victim.username, victim.password);
    // Back where the user was going (/users if the click got through, else the menu).
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
    await cerrarPagina(page);
  });

  it('changes the password through the form; the new one works', async () => {
    const user = await createTestUser('pwd', null);
    const page = await newPage();
    await loginThroughForm(page, user.username, user.password);
    await page.getByRole('button', { name: 'Cuenta de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    await expectPath(page, '/users/update-password');
    await expect.poll(() => headerTitle(page)).toBe('Actualizar Contraseña');

    await page.getByLabel('Contraseña actual').fill('equivocada-1');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('nueva-clave-99');
    await page.getByLabel('Confirmar nueva contraseña').fill('nueva-clave-99');
    await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await expect.poll(() => page.getByText('La contraseña actual no es correcta').isVisible()).toBe(true);

    await page.getByLabel('Contraseña actual').fill(user.password);
    await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await expect.poll(() => page.getByText('Contraseña actualizada correctamente').isVisible()).toBe(true);

    const fresh = await newPage();
    await loginThroughForm(fresh, user.username, 'nueva-clave-99');
    await expectPath(fresh, '/menu');
    await cerrarPagina(fresh);
    await cerrarPagina(page);
  });
});
