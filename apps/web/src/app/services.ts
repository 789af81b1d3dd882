import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/apiClient';
import type { Auth } from '../auth/Auth';
import type { LiveClient } from '../live/LiveClient';

/** What every screen reaches the outside world through: sign-in, REST and the live socket. */
export interface Services {
  readonly auth: Auth;
  readonly api: ApiClient;
  readonly live: LiveClient;
}

/** The services of the tab; provided once at the root (and by tests with fakes). */
export const ServicesContext = createContext<Services | null>(null);

/** The services of the tab. */
export const useServices = (): Services => {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices needs a ServicesContext provider');
  return s;
};
