/**
 * Chart drawings one per task: ECharts' init and setOption of one chart take 20–70 ms of main
 * thread, so a screen whose data arrives at once (/fabrica/lineas draws four charts in the same
 * commit) would block input for the sum of them. Each queued drawing runs in its own macrotask,
 * in the order queued, after the commit that asked for it (so the page's text paints first).
 */
const queue: (() => void)[] = [];

/** Runs the first drawing queued; the next one, if any, gets a task of its own even if this throws. */
function runNext(): void {
  const draw = queue.shift();
  if (queue.length > 0) setTimeout(runNext, 0);
  draw?.();
}

/** Queues `draw` to run in a task of its own; the function returned drops it if it has not run. */
export function scheduleDraw(draw: () => void): () => void {
  if (queue.push(draw) === 1) setTimeout(runNext, 0);
  return () => {
    const i = queue.indexOf(draw);
    if (i >= 0) queue.splice(i, 1);
  };
}
