/**
 * The OpenAPI 3.1 document of the REST gateway, built from the routes it serves.
 * Invariant: the document describes the mounted routes and nothing else; each route's guard,
 * errors and shapes come from the route and its shared contract, never written twice.
 */
import {
  API,
  errorAnswer,
  WHOLE_NUMBER_PARAMS,
  YUP_COMPONENTS,
  type Contract,
  type ErrorStatus,
} from '@referrals/shared';
import type { Route } from '../api.js';
import { yupJsonSchema, type JsonSchema } from './yupJsonSchema.js';

/** The name the document gives the bearer token's security scheme. */
const BEARER = 'bearer';

/** What each error status means on this gateway (the answer is always `Error`). */
const ERROR_MEANING: Readonly<Record<ErrorStatus, string>> = {
  400: 'Refused: a path parameter, the query or the body is not valid (`details` lists why)',
  401: 'Sign in required, or the bearer token is invalid or expired',
  403: 'Not allowed for this user',
  404: 'Not found',
  409: 'Changed by someone else first (`details` holds the current state)',
  413: 'The body is too large',
  415: 'The body is not sent as JSON',
  429: 'Too many changes: wait a minute (`retry-after`)',
  502: 'The upstream service failed',
  503: 'Temporarily unavailable: try again (`retry-after`)',
  504: 'The upstream service did not answer in time',
};

/** The operation's name in the shared table, for its operationId. */
const NAMES: ReadonlyMap<Contract, string> = new Map(
  Object.entries(API).map(([name, e]) => [e.contract, name]),
);

/** A TypeBox schema as plain JSON Schema (TypeBox keeps its own markers non-enumerable). */
const json = (schema: unknown): JsonSchema => JSON.parse(JSON.stringify(schema)) as JsonSchema;

const isNumberParam = (name: string) => (WHOLE_NUMBER_PARAMS as readonly string[]).includes(name);

/** The parameters of an Express path, in the order they appear. */
const pathParams = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

/** An Express path as OpenAPI writes it: '/api/referrals/:id' is '/api/referrals/{id}'. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

/** Every error a route may answer: those of its kind, and those its contract names. */
export function errorStatuses(route: Route, contract: Contract): ErrorStatus[] {
  const all = new Set<ErrorStatus>(contract.errors ?? []);
  if (pathParams(route.path).length > 0 || contract.query || contract.body) all.add(400);
  if (contract.body) for (const s of [413, 415] as const) all.add(s);
  if (route.guard !== 'anyone') all.add(401);
  if (route.guard === 'admin') all.add(403);
  // A write is recorded in the audit log first: the database away is a 503.
  if (route.write) for (const s of [429, 503] as const) all.add(s);
  return [...all].sort((a, b) => a - b);
}

/** Who may call: anyone (a token is read when given), a signed-in user, or an administrator. */
function security(route: Route) {
  if (route.guard === 'anyone') return [{}, { [BEARER]: [] }];
  return [{ [BEARER]: route.guard === 'admin' ? ['admin'] : [] }];
}

function parameters(route: Route, contract: Contract) {
  const inPath = pathParams(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: isNumberParam(name)
      ? { type: 'integer', minimum: 0, maximum: 999_999_999_999 }
      : { type: 'string', minLength: 1, maxLength: 200 },
  }));
  const query = contract.query ? yupJsonSchema(contract.query) : undefined;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const inQuery = Object.entries((query?.properties ?? {}) as Record<string, JsonSchema>).map(
    ([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }),
  );
  return [...inPath, ...inQuery];
}

function operation(route: Route, contract: Contract) {
  const params = parameters(route, contract);
  const errors = Object.fromEntries(
    errorStatuses(route, contract).map((s) => [
      String(s),
      { $ref: `#/components/responses/E${s}` },
    ]),
  );
  return {
    operationId: NAMES.get(contract) ?? `${route.method} ${route.path}`,
    summary: contract.summary,
    'x-guard': route.guard,
    security: security(route),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(contract.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: json(contract.body) } },
          },
        }
      : {}),
    responses: {
      [String(contract.status ?? 200)]: {
        description: contract.summary,
        content: { [contract.media ?? 'application/json']: { schema: json(contract.answer) } },
      },
      ...errors,
    },
  };
}

/**
 * The OpenAPI 3.1 document of the REST gateway, built from the routes it serves: each route's
 * method and path, its guard (security), and its contract from the shared `API` table (answer,
 * body, query, errors). A route without a contract is left out, and the contract test fails it.
 */
export function openApiDocument(routes: readonly Route[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.contract) continue;
    const at = (paths[openApiPath(route.path)] ??= {});
    at[route.method] = operation(route, route.contract);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Referral console relay',
      version: '1',
      description:
        'The REST gateway of the referral console. Every error answer is `Error`; writes are ' +
        'limited per user and recorded in the audit log.',
    },
    paths,
    components: {
      securitySchemes: {
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "The realm's access token. The role `admin` marks administrators' routes.",
        },
      },
      schemas: {
        Error: json(errorAnswer),
        ...Object.fromEntries(
          Object.entries(YUP_COMPONENTS).map(([name, schema]) => [name, yupJsonSchema(schema)]),
        ),
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_MEANING).map(([status, description]) => [
          `E${status}`,
          {
            description,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}
/** The published document. */
export type OpenApiDocument = ReturnType<typeof openApiDocument>;
