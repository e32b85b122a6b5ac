import { setImmediate as despues } from 'node:timers/promises';

/**
 * Long answers take the event loop one at a time, each in a turn of its own. What a long read's
 * answer costs after its rows are in (the GraphQL completion of thousands of items, its JSON, the
 * start of its compression) runs at once, without a pause: four line-days of 5,000 points whose rows
 * came in together (PostgreSQL answers them in parallel) held the loop for all four, 120–160 ms on a
 * slow 2-core machine, and a /healthz or a click's request that came meanwhile waited for them all.
 * `esperarVez()` resolves in a turn of the loop of its own: the first caller in the next check phase,
 * each later one a turn after the one before it, so requests that arrived in between (the poll phase
 * comes first in every turn) are served between two long answers.
 */
let ultima: Promise<unknown> = Promise.resolve();

export function esperarVez(): Promise<void> {
  const mia = ultima.then(() => despues());
  ultima = mia;
  return mia;
}
