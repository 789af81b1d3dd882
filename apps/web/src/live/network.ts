/**
 * What the tab hears of its network. The browser's offline and online events come at once, where
 * the socket's own heartbeat takes seconds to notice a silent loss; a return is heard too, so the
 * socket dials again then rather than at its next back-off.
 */
export interface NetworkSignals {
  /** Calls `listener` with false when the device goes offline, true when it is back; the stop. */
  onChange(listener: (online: boolean) => void): () => void;
}

/** The browser's offline and online events (none where there is no window: a server render). */
export const browserNetwork: NetworkSignals = {
  onChange(listener) {
    if (typeof window === 'undefined') return () => undefined;
    const offline = () => listener(false);
    const online = () => listener(true);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  },
};
