/**
 * A subscription's stream that first yields `first` (when there is one), then whatever `source`
 * yields. Ending it (the client's `complete`, a closed socket) ends `source` at once, even while
 * the first value is still unread or a next value is awaited: an async generator with `yield*`
 * would wait for the source's next value before running its `return`.
 */
export function startingWith<T>(first: T | null, source: AsyncIterable<T>): AsyncIterableIterator<T> {
  const inner = source[Symbol.asyncIterator]();
  let pending = first !== null;
  const stream: AsyncIterableIterator<T> = {
    next() {
      if (pending) {
        pending = false;
        return Promise.resolve({ value: first as T, done: false });
      }
      return inner.next();
    },
    return(value?: unknown) {
      pending = false;
      return inner.return ? inner.return(value) : Promise.resolve({ value: value as T, done: true as const });
    },
    throw(error?: unknown) {
      pending = false;
      return inner.throw ? inner.throw(error) : Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return stream;
    },
  };
  return stream;
}
