/**
 * The route that publishes the OpenAPI document.
 * Invariant: the document is built once, from the very routes mounted (itself included).
 */
import { API } from '@referrals/shared';
import { ok, type Route } from '../api.js';
import { openApiDocument, type OpenApiDocument } from './document.js';

/**
 * The routes with `GET /api/openapi.json` added: the REST contract as an OpenAPI 3.1 document,
 * built once from these routes and itself, readable by anyone.
 */
export function withOpenApi(routes: readonly Route[]): Route[] {
  let document: OpenApiDocument | undefined;
  const all: Route[] = [
    ...routes,
    {
      ...API.openApi,
      guard: 'anyone',
      handler: () => Promise.resolve(ok((document ??= openApiDocument(all)))),
    },
  ];
  return all;
}
