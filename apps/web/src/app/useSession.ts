import type { Session } from '../auth/Auth';
import { useServices } from './services';

/** The signed-in user; only for screens behind the login guard. */
export const useSession = (): Session => {
  const { auth } = useServices();
  if (!auth.session) throw new Error('useSession is for signed-in screens only');
  return auth.session;
};
