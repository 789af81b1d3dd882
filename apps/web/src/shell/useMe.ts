import { useQuery } from '@tanstack/react-query';
import type { ConsoleUser } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { apiQuery } from '../api/queries';
import { IDENTITY_MESSAGES } from '../auth/messages';
import { useOnError } from '../api/useOnError';
import { useServices } from '../app/services';
import { logger } from '../log';

const log = logger('profile');

/** The signed-in user's profile (GET /api/me); null until it arrives or if it fails. */
export const useMe = (): ConsoleUser | null => {
  const { api } = useServices();
  const { data, error } = useQuery(apiQuery(api, '/api/me'));
  useOnError(error, (err) =>
    isApiError(err, 401)
      ? log.warn(IDENTITY_MESSAGES.profileNotLoaded)
      : log.warn('profile could not be loaded', err),
  );
  return data ?? null;
};
