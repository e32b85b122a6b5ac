/**
 * Runs `start` in a task of its own, queued now (a MessageChannel message: ahead of React's next
 * render, also a posted task, and of timers): work that would lengthen the task it is called from,
 * already a long one (a cold screen's start-up), runs apart. Resolves as `start`'s promise does.
 */
export function enTareaPropia<T>(start: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const canal = new MessageChannel();
    canal.port1.onmessage = () => {
      canal.port1.close();
      start().then(resolve, reject);
    };
    canal.port2.postMessage(null);
  });
}
