import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorParaLog } from './error-log.ts';

describe('errorParaLog (issue 31, item 8)', () => {
  it("drops a failed query's parameters and a database error's detail, keeps the statement and codes", () => {
    const causa = Object.assign(new Error('invalid input syntax for type date: "Ana Ríos"'), {
      code: '22007',
      detail: 'Key (codigo)=(A001) already exists.',
    });
    const error = new DrizzleQueryError('insert into empleados values ($1, $2)', ['A001', 'Ana Ríos'], causa);
    const registro = JSON.stringify(errorParaLog(error));
    expect(registro).not.toMatch(/A001|Ana|Ríos/);
    expect(registro).toContain('insert into empleados values ($1, $2)');
    expect(registro).toContain('22007');
    expect(registro).toContain('invalid input syntax for type date: \\"…\\"');
  });

  it('leaves other errors as they are', () => {
    const error = new Error('otra cosa');
    expect(errorParaLog(error)).toBe(error);
  });
});
