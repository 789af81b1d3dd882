import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi, type Mock } from 'vitest';
import { deriveAccess, type Role } from '@referrals/shared';
import type { ApiClient } from '../api/apiClient';
import { createQueryClient } from '../api/queryClient';
import type { Auth, Session } from '../auth/Auth';
import { FakeSocket } from '../live/fakeSocket.testkit';
import { LiveClient } from '../live/LiveClient';
import { ToastProvider } from '../toasts/ToastProvider';
import { ServicesContext } from './services';

/** A session of a demo role. */
export const sessionOf = (role: Role, username = 'producer'): Session => ({
  username,
  access: deriveAccess(new Set([role])),
});

/** A fake Auth: signed in as `session` (or anonymous), with spies. */
export const fakeAuth = (
  session: Session | null,
): Auth & { login: Mock<(returnUrl: string) => void> } => ({
  session,
  token: () => Promise.resolve(session ? 'token' : null),
  login: vi.fn<(returnUrl: string) => void>(),
  logout: vi.fn(() => Promise.resolve()),
  onTokenRefreshed: () => () => undefined,
});

/**
 * A fake API client whose GETs answer by path (empty pages by default). A signal-bound client is
 * the fake itself, so every call is recorded on the same spies.
 */
export const fakeApi = (answers: Record<string, unknown> = {}) => {
  const api = {
    get: vi.fn((path: string) =>
      path in answers
        ? Promise.resolve(answers[path])
        : path.includes('geo')
          ? Promise.reject(new Error('no geo'))
          : Promise.resolve({ seq: 1, content: [], totalElements: 0 }),
    ),
    post: vi.fn(() => Promise.resolve({})),
    put: vi.fn(() => Promise.resolve({})),
    getImage: vi.fn(() => Promise.reject(new Error('no image'))),
    getBlob: vi.fn((_path: string, _params?: Record<string, unknown>) =>
      Promise.resolve(new Blob(['id\n'], { type: 'text/csv' })),
    ),
    withSignal: () => api,
  };
  return api;
};

/**
 * A query client for one test: nothing cached from another test, and a failed read fails at once
 * (a test that is about retries passes its own).
 */
const testQueryClient = (): QueryClient => createQueryClient({ retry: false });

/** Renders a screen with fake services at a URL, inside the toast host and a fresh query cache. */
export const renderWith = (
  ui: ReactNode,
  o: {
    auth?: Auth;
    api?: ApiClient | ReturnType<typeof fakeApi>;
    url?: string;
    queryClient?: QueryClient;
  } = {},
) => {
  const socket = new FakeSocket();
  const auth = o.auth ?? fakeAuth(null);
  const services = {
    auth,
    // The fake's generic GET answers unknown; the screens cast what they read anyway.
    api: (o.api ?? fakeApi()) as ApiClient,
    live: new LiveClient(socket, () => auth.token()),
  };
  const queryClient = o.queryClient ?? testQueryClient();
  const result = render(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider>
          {/* Where toasts show, as the admin shell provides it. */}
          <ToastProvider>
            <RouterProvider
              router={createMemoryRouter([{ path: '*', element: ui }], {
                initialEntries: [o.url ?? '/'],
              })}
            />
          </ToastProvider>
        </JotaiProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>,
  );
  return { ...result, socket, services, queryClient };
};
