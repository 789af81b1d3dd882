/** The part of the Web Locks API the election uses (navigator.locks). */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<unknown>,
  ): Promise<unknown>;
}

/**
 * Leader election across the tabs of one browser profile: the tab that holds the lock runs
 * `lead` (which returns its stop); the lock is held until `resign` is called or the tab closes,
 * then the next waiting tab takes over. Without Web Locks every tab leads, and the notification
 * tag keeps the system from showing the same referral twice.
 */
export const electLeader = (
  name: string,
  lead: () => () => void,
  locks: LockManagerLike | undefined = globalThis.navigator?.locks,
): (() => void) => {
  if (!locks) {
    const stop = lead();
    return stop;
  }
  const waiting = new AbortController();
  let release: (() => void) | null = null;
  let resigned = false;
  locks
    .request(name, { signal: waiting.signal }, () => {
      if (resigned) return Promise.resolve();
      const stop = lead();
      return new Promise<void>((resolve) => {
        release = () => {
          stop();
          resolve();
        };
      });
    })
    .catch(() => undefined); // aborted while waiting: this tab resigned before it led
  return () => {
    resigned = true;
    waiting.abort();
    release?.();
  };
};
