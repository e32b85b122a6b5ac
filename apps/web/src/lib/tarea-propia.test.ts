import { describe, expect, it } from 'vitest';
import { enTareaPropia } from './tarea-propia.ts';

describe('enTareaPropia', () => {
  it('runs the work after the calling task, and resolves or rejects as the work does', async () => {
    const orden: string[] = [];
    const hecho = enTareaPropia(async () => {
      orden.push('trabajo');
      return 42;
    });
    await Promise.resolve(); // not in a microtask of this task either
    orden.push('fin de la tarea');
    expect(await hecho).toBe(42);
    expect(orden).toEqual(['fin de la tarea', 'trabajo']);
    await expect(enTareaPropia(() => Promise.reject(new Error('sin red')))).rejects.toThrow('sin red');
  });
});
