import type { ChildProcess } from 'node:child_process';

/**
 * Sends `message` to a child process and waits for its answer of type `answer`; rejects after
 * `timeoutMs`.
 */
export function ask<From extends { readonly type: string }, T extends From['type']>(
  child: ChildProcess,
  message: { readonly type: string },
  answer: T,
  timeoutMs: number,
): Promise<Extract<From, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`child process did not answer '${message.type}' in ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (m: From) => {
      if (m.type !== answer) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m as Extract<From, { type: T }>);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}
