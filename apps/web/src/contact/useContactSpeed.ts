import { useQuery } from '@tanstack/react-query';
import type { ContactSpeedFigures, DateFilter, Topic } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { apiKey } from '../api/queries';
import { useOnError } from '../api/useOnError';
import { useServices } from '../app/services';
import { useRereadOnTopics } from '../live/useRereadOnTopics';
import { logger } from '../log';

const log = logger('contact');
const PATH = '/api/contact-speed';

/** Whatever changes the speed figures: the first contacts, and the purchases themselves. */
const SPEED_TOPICS: readonly Topic[] = [{ kind: 'pipeline' }, { kind: 'acquired' }];

/** What the speed part shows: nothing (no agency: 403), a wait, a failure, or the figures. */
export type ContactSpeedState =
  | { readonly status: 'loading' | 'hidden' | 'failed' }
  | { readonly status: 'ready'; readonly data: ContactSpeedFigures };

/** `GET /api/contact-speed` for a window, read again (at most twice a second) on every change. */
export const useContactSpeed = (dateFilter: DateFilter): ContactSpeedState => {
  const { api } = useServices();
  const read = useQuery({
    queryKey: apiKey(PATH, { dateFilter }),
    queryFn: async ({ signal }) => {
      const answer = await api.withSignal(signal).get(PATH, { dateFilter });
      if (Array.isArray(answer.byProducer) && Array.isArray(answer.bySpeed)) return answer;
      log.warn('the contact speed answer has an unknown shape');
      return null;
    },
  });
  useOnError(read.error, (err) => {
    if (!isApiError(err, 403)) log.warn('could not read the contact speed', err);
  });
  useRereadOnTopics(SPEED_TOPICS, apiKey(PATH), { delayMs: 500 });
  if (read.data) return { status: 'ready', data: read.data };
  // An answer of another shape (an older relay): the part is not shown.
  if (read.data === null) return { status: 'hidden' };
  if (read.error) return { status: isApiError(read.error, 403) ? 'hidden' : 'failed' };
  return { status: 'loading' };
};
