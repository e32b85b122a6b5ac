/** The reason every bulk cancellation carries; never shown to the user as an error. */
export const CANCEL_REASON = 'Request cancelled!!';

const controllers = new Set<AbortController>();

export class RequestCancelledError extends Error {
  constructor() {
    super(CANCEL_REASON);
    this.name = 'RequestCancelledError';
  }
}

/** Registers a request; returns its signal (also aborted by `signal`) and a release function. */
export function registerRequest(signal?: AbortSignal): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  controllers.add(controller);
  const combined = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
  return { signal: combined, release: () => controllers.delete(controller) };
}

/** Cancels every pending request (logout, leaving a screen). */
export function cancelAllRequests(): void {
  for (const controller of controllers) controller.abort(CANCEL_REASON);
  controllers.clear();
}

export function pendingRequests(): number {
  return controllers.size;
}

export function isCancellation(error: unknown): boolean {
  return (
    error instanceof RequestCancelledError ||
    (error instanceof DOMException && error.name === 'AbortError') ||
    error === CANCEL_REASON ||
    (error as { name?: string } | null)?.name === 'CancelledError'
  );
}
