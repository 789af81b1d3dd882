import http from 'node:http';
import { nowMs } from '../procs.js';

/** One GET the load sends: a path with its query, and a bearer token for signed-in lists. */
export interface Get {
  readonly path: string;
  readonly token?: string | undefined;
}

/** What a closed-loop run achieved. */
export interface LoadOutcome {
  /** Milliseconds from sending each successful request to its last body byte. */
  readonly latencies: number[];
  readonly errors: number;
  readonly firstError: string | null;
  /** From the first request sent to the last answer received. */
  readonly elapsedMs: number;
}

/**
 * Sends one GET over `agent` and reads the whole body (kept when `keep`); rejects on a non-200 or
 * after `timeoutMs`.
 */
function get(
  base: URL,
  agent: http.Agent,
  g: Get,
  timeoutMs: number,
  keep = false,
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: g.path,
        agent,
        headers: g.token ? { authorization: `Bearer ${g.token}` } : {},
        timeout: timeoutMs,
      },
      (res) => {
        // The body is read, not parsed: what is timed is the relay's answer, not this client.
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (keep) chunks.push(chunk);
        });
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(keep ? Buffer.concat(chunks).toString('utf8') : null)
            : reject(new Error(`${g.path.split('?')[0] ?? ''} answered ${res.statusCode}`)),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

/** One GET as the load sends it (no Accept-Encoding, as `http.get` sends none): its body. */
export async function getBody(baseUrl: string, g: Get, timeoutMs: number): Promise<string> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    return (await get(new URL(baseUrl), agent, g, timeoutMs, true)) ?? '';
  } finally {
    agent.destroy();
  }
}

/**
 * Closed-loop load: `concurrency` loops, each sending its next request as soon as the previous
 * one answered, until `maxRequests` were sent or `untilMs` (epoch) passed; requests in flight then
 * finish. Keep-alive connections, one per loop, as browsers behind one relay would hold them.
 */
export async function closedLoop(
  baseUrl: string,
  next: (i: number) => Get,
  o: { concurrency: number; maxRequests: number; untilMs: number; timeoutMs: number },
): Promise<LoadOutcome> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let issued = 0;
  const began = nowMs();
  const loop = async () => {
    while (issued < o.maxRequests && Date.now() < o.untilMs) {
      const g = next(issued);
      issued += 1;
      const t0 = nowMs();
      try {
        await get(base, agent, g, o.timeoutMs);
        latencies.push(nowMs() - t0);
      } catch (err) {
        errors += 1;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: o.concurrency }, loop));
  } finally {
    agent.destroy();
  }
  return { latencies, errors, firstError, elapsedMs: nowMs() - began };
}
