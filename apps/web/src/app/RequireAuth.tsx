import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { loginReturnUrl } from '@referrals/shared';
import { Spinner } from '../shell/Spinner';
import { useServices } from './services';

/**
 * The login guard of the admin area: a visitor who is not signed in is sent to login, to come
 * back to the origin plus the URL they asked for.
 */
export const RequireAuth = ({ children }: { readonly children: ReactNode }) => {
  const { auth } = useServices();
  const { pathname, search, hash } = useLocation();
  const signedIn = auth.session !== null;
  useEffect(() => {
    if (!signedIn)
      auth.login(loginReturnUrl(window.location.origin, `${pathname}${search}${hash}`));
  }, [auth, signedIn, pathname, search, hash]);
  return signedIn ? children : <Spinner label="Redirecting to sign in" />;
};
