import { useQuery } from '@tanstack/react-query';
import type { ConsoleUser } from '@referrals/shared';
import { apiQuery } from '../api/queries';
import { useOnError } from '../api/useOnError';
import { useServices } from '../app/services';
import { logger } from '../log';

const log = logger('profile');

/** The signed-in user's profile (GET /api/me); null until it arrives or if it fails. */
export const useMe = (): ConsoleUser | null => {
  const { api } = useServices();
  const { data, error } = useQuery(apiQuery<ConsoleUser>(api, '/api/me'));
  useOnError(error, (err) => log.warn('profile could not be loaded', err));
  return data ?? null;
};
