import type { Redis } from 'ioredis';

/**
 * Tells when the Redis behind a client stops or starts answering: at once when its connection
 * drops, and within about `everyMs` when it hangs without dropping or comes back. `onChange` is
 * called on each change only, first with the answer of the first probe. Returns the stop.
 */
export function watchRedis(
  redis: Redis,
  onChange: (reachable: boolean) => void,
  everyMs = 1000,
): () => void {
  let reachable: boolean | undefined;
  let probing = false;
  const set = (ok: boolean) => {
    if (ok === reachable) return;
    reachable = ok;
    onChange(ok);
  };
  const probe = () => {
    if (probing) return;
    probing = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer a ping')), everyMs);
    });
    void Promise.race([redis.ping(), late])
      .then(
        () => set(true),
        () => set(false),
      )
      .finally(() => {
        clearTimeout(timer);
        probing = false;
      });
  };
  const dropped = () => set(false);
  redis.on('close', dropped);
  redis.on('ready', probe);
  const every = setInterval(probe, everyMs);
  every.unref();
  probe();
  return () => {
    clearInterval(every);
    redis.off('close', dropped);
    redis.off('ready', probe);
  };
}
