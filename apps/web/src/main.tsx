import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/apiClient';
import { anonymousAuth, type Auth } from './auth/Auth';
import { startKeycloakAuth, type OidcConfig } from './auth/keycloakAuth';
import { App } from './app/App';
import { LiveClient } from './live/LiveClient';
import { connectLiveSocket } from './live/LiveSocket';
import { logger } from './log';

const log = logger('main');

/** Sign-in from GET /api/config; without it the console still serves the public feed. */
const startAuth = async (): Promise<Auth> => {
  try {
    const res = await fetch('/api/config', { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`config answered ${res.status}`);
    return await startKeycloakAuth((await res.json()) as OidcConfig);
  } catch (err) {
    log.error('sign-in is unavailable', err);
    return anonymousAuth();
  }
};

const start = async () => {
  const auth = await startAuth();
  const api = createApiClient(() => auth.token());
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
