import { describe, expect, it } from 'vitest';
import { CLASES, claseLabel, leerCodigos, motivoFormSchema } from './motivo-form.ts';

describe('leerCodigos', () => {
  it('reads comma-, semicolon- or space-separated codes, ascending', () => {
    expect(leerCodigos('')).toEqual({ codigos: [] });
    expect(leerCodigos('  ')).toEqual({ codigos: [] });
    expect(leerCodigos('205 101,150;  7\n65535, 1')).toEqual({ codigos: [1, 7, 101, 150, 205, 65535] });
  });

  it('refuses what is not a code 1–65535, repeats and more than 50, naming the culprit', () => {
    expect(leerCodigos('101, abc')).toEqual({ error: '«abc» no es un código: escriba números enteros' });
    expect(leerCodigos('12.5')).toEqual({ error: '«12.5» no es un código: escriba números enteros' });
    expect(leerCodigos('-3')).toEqual({ error: '«-3» no es un código: escriba números enteros' });
    expect(leerCodigos('0')).toEqual({ error: 'El código 0 está fuera de rango (1 a 65535)' });
    expect(leerCodigos('65536')).toEqual({ error: 'El código 65536 está fuera de rango (1 a 65535)' });
    expect(leerCodigos('101 0101')).toEqual({ error: 'El código 101 está repetido' });
    const muchos = Array.from({ length: 51 }, (_v, i) => i + 1).join(' ');
    expect(leerCodigos(muchos)).toEqual({ error: 'Como máximo 50 códigos de falla' });
  });

  it('is the schema’s rule for the codes field', () => {
    const base = { categoria_id: '1', nombre: 'Atasco', clase: 'FALLA', linea_ids: [] };
    expect(motivoFormSchema.safeParse({ ...base, codigos_falla: '1 2' }).success).toBe(true);
    const malo = motivoFormSchema.safeParse({ ...base, codigos_falla: '1 1' });
    expect(malo.success).toBe(false);
    expect(malo.error?.issues[0]).toMatchObject({
      path: ['codigos_falla'],
      message: 'El código 1 está repetido',
    });
  });
});

describe('CLASES', () => {
  it('labels every loss class in Spanish, with what it costs', () => {
    expect(CLASES.map((c) => claseLabel(c.value))).toEqual([
      'Planificado',
      'Falla',
      'Cambio de formato',
      'Microparo',
      'Velocidad reducida',
      'Calidad',
      'Arranque',
    ]);
    for (const c of CLASES) expect(c.ayuda).toMatch(/disponibilidad|rendimiento|calidad|planificado/);
  });
});
