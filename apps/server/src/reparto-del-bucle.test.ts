import { describe, expect, it } from 'vitest';
import { esperarVez } from './reparto-del-bucle.ts';

describe('esperarVez: long answers one per turn of the event loop', () => {
  it('gives each caller a turn of its own, and what came in meanwhile runs between two of them', async () => {
    const orden: string[] = [];
    // Three long answers whose rows came in together. What the first one's turn leaves for the next
    // turn of the loop (here an immediate; a request read in the poll phase comes earlier still)
    // runs before the second answer: the three do not run back to back.
    const largas = ['a', 'b', 'c'].map((nombre) =>
      esperarVez().then(() => {
        orden.push(nombre);
        if (nombre === 'a') setImmediate(() => orden.push('petición'));
      }),
    );
    await Promise.all(largas);
    expect(orden).toEqual(['a', 'petición', 'b', 'c']);
  });

  it('a caller after the others have had their turn waits one turn, not for them again', async () => {
    await esperarVez();
    const orden: string[] = [];
    setImmediate(() => orden.push('antes'));
    await esperarVez();
    orden.push('vez');
    expect(orden).toEqual(['antes', 'vez']);
  });
});
