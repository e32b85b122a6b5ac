import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestUser, uniqueUsername } from './api.ts';
import {
  cerrarPagina,
  expectPath,
  headerTitle,
  iniciarSesion,
  loginThroughForm,
  useBrowser,
} from './browser.ts';
import { gridRow as row, quickSearch as search } from './grid.ts';

async function openUsers(page: Page): Promise<void> {
  await iniciarSesion(page);
  await page.goto('/users');
  await expect.poll(() => headerTitle(page)).toBe('Usuarios');
}

describe('users screen', () => {
  const { newPage } = useBrowser();

  it('creates a user with a role through the dialog; the user can log in', async () => {
    const page = await newPage();
    await openUsers(page);
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('El nombre es obligatorio').isVisible()).toBe(true);

    const username = uniqueUsername('ui');
    await dialog.getByLabel('Nombre').fill('Rosa Quispe');
    await dialog.getByLabel(/^Usuario/).fill(username);
    await dialog.getByLabel('Correo electrónico').fill('rosa@planta.pe');
    await dialog.getByLabel(/^Contraseña/).fill('clave-rosa-1');
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Recursos humanos' }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Usuario creado').isVisible()).toBe(true);
    await search(page, username);
    await expect.poll(() => row(page, username).textContent()).toContain('Recursos humanos');
    expect(await row(page, username).textContent()).toContain('Activo');

    const other = await newPage();
    await loginThroughForm(other, username, 'clave-rosa-1');
    await expectPath(other, '/menu');
    await cerrarPagina(other);
    await cerrarPagina(page);
  });

  it('shows the server\u2019s reason when the username is taken', async () => {
    const existing = await createTestUser('dup', null);
    const page = await newPage();
    await openUsers(page);
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nombre').fill('Copia');
    await dialog.getByLabel(/^Usuario/).fill(existing.username);
    await dialog.getByLabel(/^Contraseña/).fill('clave-copia-1');
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Administrador', exact: true }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => page.getByText(`El nombre de usuario "${existing.username}" ya está en uso`).isVisible())
      .toBe(true);
    expect(await dialog.isVisible()).toBe(true); // nothing lost: the form stays open
    await cerrarPagina(page);
  });

  it('edits name and role, deletes with confirmation and restores', async () => {
    const user = await createTestUser('edit', 'human-resources');
    const page = await newPage();
    await openUsers(page);
    await search(page, user.username);

    await row(page, user.username)
      .getByRole('button', { name: `Editar ${user.username}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nombre').fill('Nombre Cambiado');
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Administrador', exact: true }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Usuario actualizado').isVisible()).toBe(true);
    await expect.poll(() => row(page, user.username).textContent()).toContain('Nombre Cambiado');
    expect(await row(page, user.username).textContent()).toContain('Administrador');

    await row(page, user.username)
      .getByRole('button', { name: `Eliminar ${user.username}` })
      .click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).toContain(`¿Eliminar a Nombre Cambiado (${user.username})?`);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => row(page, user.username).textContent()).toContain('Eliminado');

    await row(page, user.username)
      .getByRole('button', { name: `Restaurar ${user.username}` })
      .click();
    await expect.poll(() => row(page, user.username).textContent()).toContain('Activo');
    await cerrarPagina(page);
  });
});
