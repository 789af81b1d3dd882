import WebSocket from 'ws';

/** The part of the relay's inspector the bench uses. */
export interface Inspector {
  /** A full garbage collection in the relay, finished when this resolves. */
  collectGarbage(): Promise<void>;
  /** Any DevTools protocol method: its result. */
  send(method: string, params?: object): Promise<unknown>;
  /** Calls `listener` with the params of every event `method` the process sends. */
  on(method: string, listener: (params: unknown) => void): void;
  close(): void;
}

/**
 * Connects to a process started with `--inspect=127.0.0.1:<port>` (its DevTools protocol over a
 * WebSocket). Memory read right after `collectGarbage()` is live data only, so heap per socket
 * does not depend on when V8 last collected.
 */
export async function connectInspector(port: number): Promise<Inspector> {
  const res = await fetch(`http://127.0.0.1:${port}/json/list`, {
    signal: AbortSignal.timeout(5000),
  });
  const [target] = (await res.json()) as { webSocketDebuggerUrl?: string }[];
  if (!target?.webSocketDebuggerUrl) throw new Error(`no inspector target on port ${port}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, ((params: unknown) => void)[]>();
  ws.on('message', (data: Buffer) => {
    const msg = JSON.parse(data.toString()) as {
      id?: number;
      method?: string;
      params?: unknown;
      error?: { message: string };
      result?: unknown;
    };
    if (msg.method !== undefined) for (const l of listeners.get(msg.method) ?? []) l(msg.params);
    const waiter = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!waiter || msg.id === undefined) return;
    pending.delete(msg.id);
    if (msg.error) waiter.reject(new Error(msg.error.message));
    else waiter.resolve(msg.result);
  });
  ws.on('close', () => {
    for (const w of pending.values()) w.reject(new Error('inspector connection closed'));
    pending.clear();
  });
  const call = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    collectGarbage: () => call('HeapProfiler.collectGarbage').then(() => undefined),
    send: call,
    on: (method, listener) => listeners.set(method, [...(listeners.get(method) ?? []), listener]),
    close: () => ws.close(),
  };
}
