import type { AnswerAt, ApiUrl, BodyAt } from '@referrals/shared';
import { ApiError } from './ApiError';
import type { EarlyReads } from './earlyReads';

/** Query parameters; null and undefined values are left out. */
export type QueryParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Where the client gets its bearer token; null for anonymous calls. */
export type TokenSource = () => Promise<string | null>;

/** The body argument of a write: none for one that takes no body (a claim). */
type BodyArg<M extends 'post' | 'put', U extends ApiUrl<M>> =
  BodyAt<M, U> extends undefined ? [] : [body: BodyAt<M, U>];

/**
 * The browser's only way to the relay: JSON over fetch with the bearer token. Each call's URL
 * names an operation of the shared REST contract (`API` in @referrals/shared), and its body and
 * answer are of that operation's types: a URL the relay does not serve does not compile.
 */
export interface ApiClient {
  get<U extends ApiUrl<'get'>>(path: U, params?: QueryParams): Promise<AnswerAt<'get', U>>;
  post<U extends ApiUrl<'post'>>(
    path: U,
    ...body: BodyArg<'post', U>
  ): Promise<AnswerAt<'post', U>>;
  put<U extends ApiUrl<'put'>>(path: U, ...body: BodyArg<'put', U>): Promise<AnswerAt<'put', U>>;
  /** An image answer as a data: URL (the relay's CSP allows data: images, not blob:). */
  getImage(path: string): Promise<string>;
  /** A file answer (a CSV export) as a Blob, for a download a plain link could not authorise. */
  getBlob(path: string, params?: QueryParams): Promise<Blob>;
  /**
   * The same client whose calls are aborted with `signal` (TanStack Query's, so a read nobody
   * waits for any more stops on the network too).
   */
  withSignal(signal: AbortSignal): ApiClient;
}

/** Builds '/api/x?a=1' from a path and parameters, leaving out empty values. */
export const withQuery = (path: string, params: QueryParams = {}): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

const readError = async (res: Response): Promise<ApiError> => {
  const body: unknown = await res.json().catch(() => null);
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
    const details =
      'details' in body && Array.isArray(body.details) ? body.details.map(String) : [];
    return new ApiError(res.status, body.error, details);
  }
  return new ApiError(res.status, res.statusText || 'request failed');
};

const toDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(new ApiError(0, 'could not read the image'));
    reader.readAsDataURL(blob);
  });

/**
 * An API client whose every call first asks the token source (which refreshes if needed). With a
 * signal, every call is aborted with it and rejects with the signal's reason. A GET whose URL
 * was read early (`early`) takes that answer instead of asking again.
 */
export const createApiClient = (
  token: TokenSource,
  fetchFn: typeof fetch = fetch,
  signal?: AbortSignal,
  early?: EarlyReads,
): ApiClient => {
  const send = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const bearer = await token();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetchFn(path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    }).catch((err: unknown) => {
      if (signal?.aborted) throw err;
      throw new ApiError(0, 'The console cannot reach the server.');
    });
    if (!res.ok) throw await readError(res);
    return res;
  };
  // The one place an answer is taken as the contract says: the relay answers by the same table,
  // and its contract test holds it to it (no validator in the browser).
  return {
    get: async <U extends ApiUrl<'get'>>(path: U, params?: QueryParams) => {
      const url = withQuery(path, params);
      const read = early?.take(url);
      if (read) return (await read) as AnswerAt<'get', U>;
      return (await (await send('GET', url)).json()) as AnswerAt<'get', U>;
    },
    post: async <U extends ApiUrl<'post'>>(path: U, ...body: BodyArg<'post', U>) =>
      (await (await send('POST', path, body[0] ?? {})).json()) as AnswerAt<'post', U>,
    put: async <U extends ApiUrl<'put'>>(path: U, ...body: BodyArg<'put', U>) =>
      (await (await send('PUT', path, body[0] ?? {})).json()) as AnswerAt<'put', U>,
    getImage: async (path) => toDataUrl(await (await send('GET', path)).blob()),
    getBlob: async (path, params) => (await send('GET', withQuery(path, params))).blob(),
    withSignal: (s) => createApiClient(token, fetchFn, s, early),
  };
};
