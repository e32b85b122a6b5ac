import { describe, expect, it } from 'vitest';
import { startingWith } from './starting-with.ts';

/** A source like mercurius' subscription queue: values pushed at any time, ended by return(). */
function fuente<T>() {
  const cola: T[] = [];
  const esperando: ((r: IteratorResult<T>) => void)[] = [];
  let terminada = false;
  const iterador: AsyncIterableIterator<T> = {
    next: () =>
      cola.length > 0
        ? Promise.resolve({ value: cola.shift()!, done: false })
        : terminada
          ? Promise.resolve({ value: undefined, done: true })
          : new Promise((resolve) => esperando.push(resolve)),
    return: () => {
      terminada = true;
      for (const wake of esperando.splice(0)) wake({ value: undefined, done: true });
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]: () => iterador,
  };
  return {
    iterador,
    push: (v: T) => (esperando.length > 0 ? esperando.shift()!({ value: v, done: false }) : cola.push(v)),
    terminada: () => terminada,
  };
}

describe('startingWith', () => {
  it('yields the first value, then the source\u2019s values in order', async () => {
    const f = fuente<number>();
    const stream = startingWith(1, f.iterador);
    f.push(2);
    expect(await stream.next()).toEqual({ value: 1, done: false });
    expect(await stream.next()).toEqual({ value: 2, done: false });
    const siguiente = stream.next();
    f.push(3);
    expect(await siguiente).toEqual({ value: 3, done: false });
  });

  it('without a first value is the source itself', async () => {
    const f = fuente<number>();
    const stream = startingWith(null, f.iterador);
    f.push(7);
    expect(await stream.next()).toEqual({ value: 7, done: false });
  });

  it('ending it ends the source at once, also while a next value is awaited or the first is unread', async () => {
    const f = fuente<number>();
    const stream = startingWith(1, f.iterador);
    await stream.next();
    const pendiente = stream.next(); // nothing comes: a line that never changes
    await stream.return!();
    expect(f.terminada()).toBe(true);
    expect(await pendiente).toEqual({ value: undefined, done: true });

    const g = fuente<number>();
    const sinLeer = startingWith(1, g.iterador);
    await sinLeer.return!();
    expect(g.terminada()).toBe(true);
    expect(await sinLeer.next()).toEqual({ value: undefined, done: true }); // not the first value
  });
});
