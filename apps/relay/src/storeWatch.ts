/**
 * Whether the Redis behind a client answers, and when that changes. Invariant: a change is told
 * once, and a hung Redis is told unreachable within the probe interval.
 */
import type { Redis } from 'ioredis';

/**
 * Tells when the Redis behind a client stops or starts answering: at once when its connection
 * drops, and within about `everyMs` when it hangs without dropping or comes back. `onChange` is
 * called on each change only, first with the answer of the first probe (once the client's first
 * connection opened, or the interval's probe if it never does). Returns the stop.
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
  // A client still opening its first connection would fail a ping at once (no offline queue) and
  // be called unreachable while Redis answers: its 'ready' probes, or the interval's if it never
  // opens.
  if (redis.status === 'ready') probe();
  return () => {
    clearInterval(every);
    redis.off('close', dropped);
    redis.off('ready', probe);
  };
}

/**
 * Whether Redis answers a ping, giving a client that is still opening its connection up to
 * `withinMs` to open it first.
 */
export async function redisAnswers(redis: Redis, withinMs: number): Promise<boolean> {
  if (redis.status === 'connecting' || redis.status === 'connect' || redis.status === 'wait') {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, withinMs);
      redis.once('ready', done);
    });
  }
  return redis.ping().then(
    () => true,
    () => false,
  );
}
