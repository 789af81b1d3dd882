import type { LockManagerLike } from './leader';

/** The Web Locks API as one browser profile has it: one holder per name, the rest queue. */
export const fakeLocks = (): LockManagerLike => {
  const queues = new Map<string, (() => void)[]>();
  return {
    request(name, options, callback) {
      return new Promise((resolve, reject) => {
        const run = () => {
          void callback().then((v) => {
            resolve(v);
            const q = queues.get(name) ?? [];
            q.shift();
            q[0]?.();
          });
        };
        const q = queues.get(name) ?? [];
        queues.set(name, q);
        q.push(run);
        options.signal?.addEventListener('abort', () => {
          const i = q.indexOf(run);
          if (i > 0) {
            q.splice(i, 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        if (q.length === 1) run();
      });
    },
  };
};
