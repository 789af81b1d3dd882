/**
 * Waiting for work that outlives its caller: a page that readies a view or a slot may be given up
 * (the client left) while the work goes on for the next page that needs it.
 *
 * Invariant: giving up a wait never cancels the work, and leaves no listener on the signal.
 */

/** The promise's outcome, or the signal's reason once it aborts first (the work goes on). */
export function whileWanted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const gone = () => reject(signal.reason as Error);
    signal.addEventListener('abort', gone, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', gone));
  });
}
