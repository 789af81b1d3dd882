import { useEffect, useState } from 'react';
import type { ConsoleUser } from '@referrals/shared';
import { useServices } from '../app/services';
import { logger } from '../log';

const log = logger('profile');

/** The signed-in user's profile (GET /api/me); null until it arrives or if it fails. */
export const useMe = (): ConsoleUser | null => {
  const { api } = useServices();
  const [me, setMe] = useState<ConsoleUser | null>(null);
  useEffect(() => {
    let live = true;
    api.get<ConsoleUser>('/api/me').then(
      (u) => live && setMe(u),
      (err: unknown) => log.warn('profile could not be loaded', err),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return me;
};
