import { vi } from 'vitest';
import { newMarketplaceDefaults, toMarketplacePayload, type Marketplace } from '@referrals/shared';
import type { ApiClient, QueryParams } from '../../api/apiClient';

/** A marketplace as the relay lists it, named and numbered, to be varied by each test. */
export const aMarketplace = (
  id: number,
  name: string,
  overrides: Partial<Marketplace> = {},
): Marketplace & { version: string } => ({
  ...toMarketplacePayload(
    { ...newMarketplaceDefaults(), marketplaceName: name, checkedStates: ['TX'] },
    { sources: [], naicsCodes: [] },
  ),
  id,
  version: `v${id}`,
  ...overrides,
});

/** Answers one call: a value, or a thrown error (an ApiError for a relay failure). */
type Handler = (arg: { params?: QueryParams; body?: unknown }) => unknown;
/** Answers by 'METHOD /path': a handler, or the value itself. */
type Routes = Record<string, unknown>;

const answer = async (
  routes: Routes,
  key: string,
  arg: { params?: QueryParams; body?: unknown },
) => {
  if (!(key in routes)) throw new Error(`no fake answer for ${key}`);
  const h = routes[key];
  return typeof h === 'function' ? await (h as Handler)(arg) : h;
};

/**
 * A fake relay at the network edge: answers by 'METHOD /path' (a value or a handler) and records
 * every call. Unknown calls reject, so a screen never silently reads nothing.
 */
export const fakeAdminApi = (routes: Routes) => {
  const api = {
    get: vi.fn((path: string, params?: QueryParams) => answer(routes, `GET ${path}`, { params })),
    post: vi.fn((path: string, body?: unknown) => answer(routes, `POST ${path}`, { body })),
    put: vi.fn((path: string, body?: unknown) => answer(routes, `PUT ${path}`, { body })),
    getImage: vi.fn(() => Promise.reject(new Error('no image'))),
    // A signal-bound client is the fake itself, so its calls are recorded on the same spies.
    withSignal: () => api,
  };
  return api;
};

/** The fake as the client the screens use. */
export const asClient = (api: ReturnType<typeof fakeAdminApi>): ApiClient =>
  // The fake answers whatever the route table holds; the screens name the type they expect.
  api as unknown as ApiClient;
