import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/apiClient';
import { EarlyReads } from './api/earlyReads';
import { startAuth } from './auth/startAuth';
import { App } from './app/App';
import { preloadPublicFeed } from './app/AppRoutes';
import { LiveClient } from './live/LiveClient';
import { connectLiveSocket } from './live/LiveSocket';
import { startPublicFeedEarly } from './public/publicFeedRead';

const start = async () => {
  const auth = await startAuth(location);
  const early = new EarlyReads();
  const api = createApiClient(() => auth.token(), fetch, undefined, early);
  if (startPublicFeedEarly(location, api, early)) {
    // Its lazy route would ask for the code only after the first render.
    void preloadPublicFeed().catch(() => undefined); // the route's own import reports a failure
  }
  // One socket per tab, with the current token at every handshake (anonymous on the public feed).
  const live = new LiveClient(
    connectLiveSocket(() => auth.token()),
    () => auth.token(),
  );
  auth.onTokenRefreshed((token) => live.authenticate(token));
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <App services={{ auth, api, live }} />
    </StrictMode>,
  );
};

void start();
