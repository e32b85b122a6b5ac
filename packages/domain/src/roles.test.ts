import { describe, expect, it } from 'vitest';
import { canAccess, hasHumanResources, isAdmin, isRoleName, isSuperAdmin, roleLabel } from './roles.ts';

const user = (...names: string[]) => ({ roles: names.map((name, id) => ({ id, name })) });

describe('role checks', () => {
  it('isSuperAdmin only for super-admin', () => {
    expect(isSuperAdmin(user('super-admin'))).toBe(true);
    expect(isSuperAdmin(user('admin'))).toBe(false);
    expect(isSuperAdmin(null)).toBe(false);
  });

  it('isAdmin for admin and super-admin', () => {
    expect(isAdmin(user('admin'))).toBe(true);
    expect(isAdmin(user('super-admin'))).toBe(true);
    expect(isAdmin(user('human-resources'))).toBe(false);
    expect(isAdmin(user())).toBe(false);
  });

  it('hasHumanResources for super-admin and human-resources, not plain admin', () => {
    expect(hasHumanResources(user('human-resources'))).toBe(true);
    expect(hasHumanResources(user('super-admin'))).toBe(true);
    expect(hasHumanResources(user('admin'))).toBe(false);
    expect(hasHumanResources(undefined)).toBe(false);
  });

  it('recognises the three role names only', () => {
    expect(isRoleName('admin')).toBe(true);
    expect(isRoleName('root')).toBe(false);
  });
});

describe('canAccess and labels', () => {
  it('maps access levels to the role checks', () => {
    expect(canAccess(user('human-resources'), 'human-resources')).toBe(true);
    expect(canAccess(user('human-resources'), 'admin')).toBe(false);
    expect(canAccess(user('admin'), 'human-resources')).toBe(false);
    expect(canAccess(user('super-admin'), 'admin')).toBe(true);
    expect(canAccess(user(), 'user')).toBe(true);
    expect(canAccess(null, 'user')).toBe(false);
  });

  it('labels roles in Spanish', () => {
    expect(roleLabel('human-resources')).toBe('Recursos humanos');
    expect(roleLabel('otro')).toBe('otro');
  });
});
