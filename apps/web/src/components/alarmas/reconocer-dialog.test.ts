import { describe, expect, it } from 'vitest';
import { errorComentario } from './reconocer-dialog.tsx';

describe('errorComentario', () => {
  it('requires 1–500 characters once trimmed', () => {
    expect(errorComentario('')).toBe('El comentario es obligatorio');
    expect(errorComentario('   ')).toBe('El comentario es obligatorio');
    expect(errorComentario('Se limpió el filtro')).toBeNull();
    expect(errorComentario('x'.repeat(500))).toBeNull();
    expect(errorComentario('x'.repeat(501))).toBe('Máximo 500 caracteres');
  });
});
