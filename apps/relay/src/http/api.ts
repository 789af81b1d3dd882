/**
 * The framework-neutral shape of the REST gateway: requests, answers, routes and their guards,
 * and the helpers every handler shares (path parameters, upstream failures).
 * Invariant: a handler sees only path parameters of their kind (pathParamsProblem runs first),
 * and an upstream failure becomes an answer that says whose fault it is, never a crash.
 */
import type { AuditAction, Contract } from '@referrals/shared';
import type { Principal } from '../auth/verify.js';
import type { Mirror } from '../readModel/api.js';
import { logger } from '../log.js';
import { UpstreamError } from '../upstream/http.js';

const log = logger('http');

/** A request as the handlers see it, whatever framework carried it. */
export interface ApiRequest {
  readonly params: Readonly<Record<string, string | undefined>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  /** The verified user, or null for an anonymous request. */
  readonly principal: Principal | null;
  /** The client's address as the relay saw it (for geo-location). */
  readonly clientIp: string | undefined;
  /** This request's id (the caller's `x-request-id`, or one made here): logs, audit, errors. */
  readonly requestId: string;
  /** Aborted when the client goes away before its answer (absent where no client can go). */
  readonly signal?: AbortSignal;
  /** Whether the client takes a gzipped answer (Accept-Encoding). */
  readonly acceptsGzip?: boolean;
}

/** What a handler answers: a status and a JSON body (or raw bytes with a content type). */
export type ApiResponse =
  | {
      readonly status: number;
      readonly body: unknown;
      /** Extra headers (e.g. the retry-after of a 503). */
      readonly headers?: Readonly<Record<string, string>>;
    }
  | {
      readonly status: number;
      readonly bytes: Buffer;
      readonly contentType: string;
      /** Extra headers (e.g. content-disposition of a download). */
      readonly headers?: Readonly<Record<string, string>>;
    };

/** A framework-neutral handler: request in, status and body out. */
export type Handler = (req: ApiRequest) => Promise<ApiResponse>;

/** Who may call a route. */
export type Guard = 'anyone' | 'signedIn' | 'admin';

/** A route of the REST gateway. */
export interface Route {
  readonly method: 'get' | 'post' | 'put';
  readonly path: string;
  readonly guard: Guard;
  readonly handler: Handler;
  /** Counted against the per-user write limit. */
  readonly write?: boolean;
  /** How a write is recorded in the audit log (every write route has one: see audited.ts). */
  readonly audit?: AuditSpec;
  /**
   * What it takes and gives, as the published OpenAPI document says (spread in with its method
   * and path from the shared `API` table; openapi/document.test.ts fails a route without one).
   */
  readonly contract?: Contract;
}

/** What the audit log keeps of a write route's requests. */
export interface AuditSpec {
  readonly action: AuditAction;
  /**
   * What the write is about, e.g. 'referral 12' (null when it has no one target); a promise where
   * it is found from the caller (the agency's own marketplace).
   */
  readonly target?: (req: ApiRequest) => string | null | Promise<string | null>;
  /** The state before the write, as the relay knows it (no personal data). */
  readonly before?: (req: ApiRequest) => unknown;
  /** What to keep of a successful answer (default: its body). */
  readonly after?: (body: unknown, req: ApiRequest) => unknown;
}

export const ok = (body: unknown): ApiResponse => ({ status: 200, body });

/** An error answer with a reason and, for validation, the field messages. */
export const fail = (status: number, error: string, details?: unknown): ApiResponse => ({
  status,
  body: details === undefined ? { error } : { error, details },
});

/** The principal of a signed-in route (the guard has run). */
export function principalOf(req: ApiRequest): Principal {
  if (!req.principal) throw new Error('guarded route reached without a principal');
  return req.principal;
}

/** Path parameters that name a record by number: ids, an agency's fulcrum id, a year. */
const WHOLE_NUMBER_PARAMS: ReadonlySet<string> = new Set(['id', 'fulcrumId', 'year']);
/** A whole number as a path carries it: at most 12 digits. */
const WHOLE_NUMBER = /^\d{1,12}$/;
/** The longest text a path parameter may hold (a flag's name, a search id). */
const PATH_PARAM_MAX = 200;
/** Whether a text holds a control character (C0 or DEL), where a path parameter may hold none. */
const hasControlCharacter = (s: string): boolean =>
  [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Why a route's path parameters are refused, or null when each is of its kind: a number-naming
 * one (`id`, `fulcrumId`, `year`) is a whole number of at most 12 digits, any other a short text
 * without control characters. Checked before any handler or audit entry reads them (a NUL in an
 * id reached the audit log's text column and failed the request with a 500).
 */
export function pathParamsProblem(params: Readonly<Record<string, string>>): string | null {
  for (const [name, value] of Object.entries(params)) {
    if (WHOLE_NUMBER_PARAMS.has(name)) {
      if (!WHOLE_NUMBER.test(value)) return `${name} must be a whole number`;
    } else if (value.length > PATH_PARAM_MAX || hasControlCharacter(value)) {
      return `${name} must be at most ${PATH_PARAM_MAX} characters, none of them control characters`;
    }
  }
  return null;
}

/** A whole number from a path parameter, or undefined. */
export function idParam(req: ApiRequest, name = 'id'): number | undefined {
  const raw = req.params[name] ?? '';
  return WHOLE_NUMBER.test(raw) ? Number(raw) : undefined;
}

/** The answer of a small stream as a whole: every record the mirror holds, at its seq. */
export const wholeStream = (mirror: Mirror<unknown>): Promise<ApiResponse> =>
  Promise.resolve(ok({ seq: mirror.seq, items: [...mirror.values()] }));

/**
 * What the audit log keeps of an update to a record named by the `id` parameter: the target
 * (`<noun> <id>`) and the record as the mirror held it before.
 */
export const auditUpdateOf = (
  action: AuditAction,
  noun: string,
  mirror: Mirror<unknown>,
): AuditSpec => ({
  action,
  target: (req) => `${noun} ${req.params.id ?? ''}`,
  before: (req) => {
    const id = idParam(req);
    return id === undefined ? null : (mirror.get(id) ?? null);
  },
});

/**
 * Whether an upstream failure means the service is away (not called, no answer in time, refused,
 * 5xx, asked to wait), where a route that holds a copy in the read model may answer with it.
 */
export const isUpstreamOutage = (err: unknown): boolean =>
  err instanceof UpstreamError &&
  (err.kind === 'circuitOpen' ||
    err.kind === 'timeout' ||
    err.kind === 'network' ||
    (err.status ?? 0) >= 500 ||
    err.status === 429);

/** A 503 of the relay's own: the upstream is not asked now; try again after `retryAfterMs`. */
const notNow = (error: string, retryAfterMs: number | undefined): ApiResponse => ({
  ...fail(503, error),
  headers: { 'retry-after': String(Math.max(1, Math.ceil((retryAfterMs ?? 0) / 1000))) },
});

/**
 * Maps an upstream failure to the gateway's answer: the upstream's own 4xx pass through with its
 * reason; an unreachable, slow or broken upstream is a 502/504, never a crash; one the relay does
 * not call now (its circuit open, or it asked to wait with a 429) a 503 at once. The error is the
 * server's text alone (screens put their own words before it: 'Failed to create feature flag
 * beta: Feature flag beta already exists.'); `what` the relay was doing goes to the log.
 */
export function upstreamFailure(err: unknown, what: string): ApiResponse {
  if (!(err instanceof UpstreamError)) throw err;
  if (err.kind === 'circuitOpen') {
    // Logged once when the circuit opened, not on every request it refuses.
    log.debug({ err, what }, 'upstream call refused: circuit open');
    return notNow('the upstream service is unavailable; try again shortly', err.retryAfterMs);
  }
  if (isRefusal(err)) {
    // The upstream said no to this request (a referral claimed meanwhile, a stale save, an unknown
    // id): the user's answer, not a fault an operator would chase, so no warning and no stack.
    log.info({ what, status: err.status, reason: refusalReason(err) }, 'upstream refused');
  } else log.warn({ err, what }, 'upstream call failed');
  if (err.kind === 'status' && err.status === 429)
    return notNow('the upstream service is busy; try again shortly', err.retryAfterMs);
  if (err.kind === 'timeout') return fail(504, 'the upstream service did not answer in time');
  if (err.kind === 'status' && err.status !== undefined && err.status < 500) {
    const status = err.status === 401 || err.status === 403 ? 502 : err.status;
    return fail(status, refusalReason(err));
  }
  return fail(502, 'the upstream service is unavailable');
}

/**
 * A 4xx the user gets back as it is; not 401 or 403 (the relay's own credentials refused: its
 * configuration) nor 429 (the upstream asking the relay to wait).
 */
const isRefusal = (err: UpstreamError): boolean =>
  err.kind === 'status' &&
  err.status !== undefined &&
  err.status >= 400 &&
  err.status < 500 &&
  err.status !== 401 &&
  err.status !== 403 &&
  err.status !== 429;

/** The upstream's own reason for a refusal, else its status. */
const refusalReason = (err: UpstreamError): string =>
  typeof err.body === 'object' && err.body !== null && 'error' in err.body
    ? String(err.body.error)
    : `upstream answered ${err.status}`;
