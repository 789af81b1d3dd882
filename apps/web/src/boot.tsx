import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createApiClient } from './api/apiClient';
import { EarlyReads } from './api/earlyReads';
import { createQueryClient } from './api/queryClient';
import { startAuth } from './auth/startAuth';
import { App } from './app/App';
import { preloadPublicFeed } from './app/AppRoutes';
import { LiveClient } from './live/LiveClient';
import { publicFeedFirstQuery, startPublicFeedEarly } from './public/publicFeedRead';
import { deferredLiveSocket } from './ssr/deferredSocket';
import { RenderBasisProvider } from './ssr/renderBasis';
import { readSsrData, seedPublicFeed } from './ssr/ssrData';

/**
 * Starts the console: authentication, the API and live clients, then the app, hydrating a
 * server-rendered public feed (as a transition, see below) or rendering from nothing.
 */
export const boot = async (): Promise<void> => {
  const auth = await startAuth(location);
  const early = new EarlyReads();
  const api = createApiClient(() => auth.token(), fetch, undefined, early);
  const queryClient = createQueryClient();
  // A server-rendered feed brought its first page: the cache holds it, nothing is read again.
  const rendered = readSsrData(document);
  const firstQuery = publicFeedFirstQuery(location);
  const hydrating = rendered !== null && firstQuery !== null;
  if (hydrating) seedPublicFeed(queryClient, firstQuery, rendered);
  if (hydrating || startPublicFeedEarly(location, api, early)) {
    // Its lazy route would ask for the code only after the first render.
    void preloadPublicFeed().catch(() => undefined); // the route's own import reports a failure
  }
  // One socket per tab, with the current token at every handshake (anonymous on the public feed).
  // Its client library loads apart, so the first paint and hydration do not wait for it.
  const socket = deferredLiveSocket(() =>
    import('./live/LiveSocket').then((m) => m.connectLiveSocket(() => auth.token())),
  );
  const live = new LiveClient(socket, () => auth.token());
  auth.onTokenRefreshed((token) => live.authenticate(token));
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  const app = (
    <StrictMode>
      <RenderBasisProvider basis={hydrating ? rendered.basis : null}>
        <App services={{ auth, api, live }} queryClient={queryClient} />
      </RenderBasisProvider>
    </StrictMode>
  );
  // Hydrated as a transition, React yields to the browser every few milliseconds: the page the
  // server painted stays responsive while it hydrates (no long task on a slow phone).
  if (hydrating) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
};
