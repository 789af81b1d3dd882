import type { TSchema } from 'typebox';
import type * as yup from 'yup';

/** HTTP methods of the REST gateway. */
export type HttpMethod = 'get' | 'post' | 'put';

/** Statuses of an error answer (`{ error, details? }`) a route may give. */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429, 502, 503, 504] as const;
/** One of ERROR_STATUSES. */
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** What a route that asks an upstream service may answer when it fails or is away. */
export const UPSTREAM_ERRORS = [502, 503, 504] as const satisfies readonly ErrorStatus[];

/** Path parameters that name a record by number (a whole number of at most 12 digits). */
export const WHOLE_NUMBER_PARAMS = ['id', 'fulcrumId', 'year'] as const;

/**
 * What a REST operation takes and gives, as the published document describes it. Refusals the
 * relay gives every route of a kind (401 to a guarded one, 403 to an admin one, 429 to a write,
 * 400 to a bad path parameter or body) are added from the route itself; `errors` lists the
 * others its handler gives.
 */
export interface Contract {
  readonly summary: string;
  /** The success answer's JSON Schema (any schema for a non-JSON `media`). */
  readonly answer: TSchema;
  /** The success status (200 unless given). */
  readonly status?: 200 | 201;
  /** A non-JSON answer's media type (an image, a CSV file). */
  readonly media?: string;
  /** The JSON body of a write. */
  readonly body?: TSchema;
  /** The query parameters the handler reads, as the yup schema that parses them. */
  readonly query?: yup.AnyObjectSchema;
  /** Error answers the handler gives beyond those of its kind of route. */
  readonly errors?: readonly ErrorStatus[];
}

/** An operation of the REST gateway: method, Express path, and its contract. */
export interface Endpoint<M extends HttpMethod = HttpMethod, P extends string = string> {
  readonly method: M;
  readonly path: P;
  readonly contract: Contract;
}

/** Declares an operation, keeping its method and path as literal types. */
export const endpoint = <M extends HttpMethod, P extends string, C extends Contract>(
  method: M,
  path: P,
  contract: C,
): { readonly method: M; readonly path: P; readonly contract: C } => ({ method, path, contract });
