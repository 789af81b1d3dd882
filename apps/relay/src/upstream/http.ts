/**
 * The HTTP layer under every upstream call. Invariant: a call either answers a 2xx body (parsed,
 * and validated when a schema is given) or throws an UpstreamError saying why; only a GET is
 * retried, and no answer is buffered past its size limit.
 */
import type { Schema } from 'yup';
import { logger } from '../log.js';
import { BACKOFF, upstreamPolicies, type UpstreamCaller } from '../resilience.js';
import { retryAfterMs, UpstreamError } from './errors.js';

export { UpstreamError, type UpstreamFailure } from './errors.js';

/** One call to an upstream service. */
export interface UpstreamRequest {
  readonly baseUrl: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Query parameters; an array value repeats the parameter (`sort=a&sort=b`). */
  readonly query?: Readonly<
    Record<string, string | number | readonly (string | number)[] | undefined | null>
  >;
  readonly body?: unknown;
  /** Send the basic-auth header (every call but the prepaid balance). */
  readonly basicAuth?: boolean;
  /**
   * Who waits for the answer (default 'user': one attempt within the time-out). Only a GET is
   * ever retried: a retried write could apply twice.
   */
  readonly caller?: UpstreamCaller;
}

/** Options of the HTTP layer. */
export interface UpstreamHttpOptions {
  readonly basicUser: string;
  readonly timeoutMs: number;
  /** Largest body accepted; a bigger answer is refused rather than buffered. */
  readonly maxBodyBytes?: number;
  readonly fetchImpl?: typeof fetch;
  /** The first pause between a poll's read attempts (default BACKOFF.upstream's). */
  readonly backoffMs?: number;
}

const log = logger('upstream');

/** The URL of a request, with empty query values left out (agent-console section 7). */
export function buildUrl(req: Pick<UpstreamRequest, 'baseUrl' | 'path' | 'query'>): string {
  const url = new URL(req.path, `${req.baseUrl}/`);
  for (const [k, v] of Object.entries(req.query ?? {})) {
    if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, String(item));
    else if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.toString();
}

async function readLimited(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > max) {
    await res.body?.cancel();
    throw new UpstreamError('tooLarge', `answer of ${declared} bytes exceeds ${max}`, res.status);
  }
  if (!res.body) return '';
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new UpstreamError('tooLarge', `answer exceeds ${max} bytes`, res.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An answer validated with a schema (unknown fields dropped); else an 'invalid' UpstreamError. */
export function validAnswer<T>(req: UpstreamRequest, json: unknown, schema: Schema<T>): T {
  try {
    return schema.validateSync(json, { stripUnknown: true, abortEarly: true });
  } catch (err) {
    log.warn({ err, path: req.path }, 'upstream answer rejected by its schema');
    throw new UpstreamError(
      'invalid',
      `invalid answer from ${req.method} ${req.path}: ${String(err)}`,
    );
  }
}

/** The JSON of an answer's body (null when empty); malformed JSON is an UpstreamError. */
export function parseJson(req: UpstreamRequest, text: string, status: number): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError('malformed', `malformed JSON from ${req.method} ${req.path}`, status);
  }
}

/** An upstream answer as it came: status, body text, and the headers the relay reads. */
interface RawAnswer {
  status: number;
  text: string;
  date: string | null;
  retryAfter: string | null;
}

/**
 * The function that makes one attempt of a request (`signal` is the policies' time-out): auth,
 * body size limit, and a failure to answer told as an UpstreamError ('timeout' or 'network').
 */
function attempts(options: UpstreamHttpOptions) {
  const doFetch = options.fetchImpl ?? fetch;
  const maxBody = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const authHeader = `Basic ${Buffer.from(`${options.basicUser}:`).toString('base64')}`;

  return async function once(req: UpstreamRequest, signal: AbortSignal): Promise<RawAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.basicAuth !== false) headers.authorization = authHeader;
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await doFetch(buildUrl(req), {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        signal,
      });
    } catch (err) {
      const timeout = signal.aborted;
      throw new UpstreamError(
        timeout ? 'timeout' : 'network',
        timeout ? `no answer within ${options.timeoutMs} ms` : `unreachable: ${String(err)}`,
      );
    }
    try {
      return {
        status: res.status,
        text: await readLimited(res, maxBody),
        date: res.headers.get('date'),
        retryAfter: res.headers.get('retry-after'),
      };
    } catch (err) {
      if (err instanceof UpstreamError) throw err;
      if (signal.aborted)
        throw new UpstreamError('timeout', `no answer within ${options.timeoutMs} ms`, res.status);
      throw new UpstreamError('network', `answer cut off: ${String(err)}`, res.status);
    }
  };
}

/**
 * The HTTP layer under every upstream call: auth, size limit, validation, and the resilience
 * policies (time-out, circuit, a poll's retries: resilience.ts).
 */
export function createUpstreamHttp(options: UpstreamHttpOptions) {
  const policies = upstreamPolicies({
    timeoutMs: options.timeoutMs,
    backoff: { ...BACKOFF.upstream, firstMs: options.backoffMs ?? BACKOFF.upstream.firstMs },
  });
  const once = attempts(options);

  /**
   * Sends a request; returns the body of a 2xx answer as sent, unparsed, and when the service says
   * it served it (its Date header, ms; null without one); throws UpstreamError otherwise (with the
   * parsed body of the answer, or 'malformed' when that body is not JSON).
   */
  async function sendText(
    req: UpstreamRequest,
  ): Promise<{ text: string; status: number; servedAt: number | null }> {
    const caller = req.method === 'GET' ? (req.caller ?? 'user') : 'user';
    const { text, status, date } = await policies(req.baseUrl, caller, async (signal) => {
      const answer = await once(req, signal);
      if (answer.status >= 200 && answer.status < 300) return answer;
      throw new UpstreamError(
        'status',
        `${req.method} ${req.path} answered ${answer.status}`,
        answer.status,
        parseJson(req, answer.text, answer.status),
        retryAfterMs(answer.retryAfter, Date.now()),
      );
    });
    const servedAt = date === null ? NaN : Date.parse(date);
    return { text, status, servedAt: Number.isNaN(servedAt) ? null : servedAt };
  }

  /**
   * Sends a request; returns the parsed JSON of a 2xx answer and when the service says it served
   * it (its Date header, ms; null without one); throws UpstreamError otherwise.
   */
  async function sendDated(
    req: UpstreamRequest,
  ): Promise<{ json: unknown; servedAt: number | null }> {
    const { text, status, servedAt } = await sendText(req);
    return { json: parseJson(req, text, status), servedAt };
  }

  /** Sends a request; returns the parsed JSON of a 2xx answer; throws UpstreamError otherwise. */
  const send = async (req: UpstreamRequest): Promise<unknown> => (await sendDated(req)).json;

  /** Sends a request and validates the answer with a schema (unknown fields dropped). */
  const sendValid = async <T>(req: UpstreamRequest, schema: Schema<T>): Promise<T> =>
    validAnswer(req, await send(req), schema);

  return { send, sendText, sendDated, sendValid };
}
export type UpstreamHttp = ReturnType<typeof createUpstreamHttp>;
