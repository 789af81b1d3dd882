import type { LiveSocket } from '../live/LiveSocket';
import { logger } from '../log';

const log = logger('live');

/**
 * A LiveSocket whose real one (and socket.io-client's code) loads later: calls made before it
 * has loaded are replayed on it in order, so the live layer can subscribe at once. Keeps the
 * client library out of the code a first paint waits for; Socket.IO itself buffers emits until
 * it connects, so nothing is lost by the wait.
 */
export const deferredLiveSocket = (load: () => Promise<LiveSocket>): LiveSocket => {
  let real: LiveSocket | null = null;
  let closed = false;
  const pending: ((s: LiveSocket) => void)[] = [];
  const later = (call: (s: LiveSocket) => void) => (real ? call(real) : pending.push(call));
  load().then(
    (socket) => {
      if (closed) return socket.close();
      real = socket;
      for (const call of pending.splice(0)) call(socket);
    },
    (err: unknown) => log.warn('the live connection could not load', err),
  );
  return {
    on: (event, listener) => later((s) => s.on(event, listener)),
    emit: (event, ...args) => later((s) => s.emit(event, ...args)),
    onConnection: (listener) => later((s) => s.onConnection(listener)),
    close: () => {
      closed = true;
      real?.close();
    },
  };
};
