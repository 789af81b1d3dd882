import { useQuery } from '@tanstack/react-query';
import type { Conversion, DateFilter, Topic } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { apiKey } from '../api/queries';
import { useOnError } from '../api/useOnError';
import { useServices } from '../app/services';
import { useRereadOnTopics } from '../live/useRereadOnTopics';
import { logger } from '../log';

const log = logger('dashboard');
const PATH = '/api/conversion';

/** `GET /api/conversion`: the figures, whose they are, and the read model's seq they were cut at. */
export type ConversionAnswer = Conversion & {
  readonly seq: number;
  readonly scope: 'agency' | 'market';
  readonly agency: string | null;
};

/** What the section shows: nothing (no agency: 403), a wait, a failure, or the figures. */
export type ConversionState =
  | { readonly status: 'loading' }
  | { readonly status: 'hidden' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly data: ConversionAnswer };

/** Whatever changes what purchases became: progress, returns and the purchases themselves. */
const CONVERSION_TOPICS: readonly Topic[] = [
  { kind: 'pipeline' },
  { kind: 'returns' },
  { kind: 'acquired' },
];

/** How long a burst of changes is gathered before the figures are read again. */
const CONVERSION_REREAD_MS = 500;

const isConversion = (v: unknown): v is ConversionAnswer =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ConversionAnswer).totals?.bought === 'number' &&
  typeof (v as ConversionAnswer).byLine === 'object' &&
  typeof (v as ConversionAnswer).bySource === 'object' &&
  typeof (v as ConversionAnswer).byState === 'object';

/**
 * The conversion figures of a window, computed by the relay, cached by window and read again (at
 * most once per `CONVERSION_REREAD_MS`) whenever one of `CONVERSION_TOPICS` changes or starts
 * over.
 */
export const useConversion = (dateFilter: DateFilter): ConversionState => {
  const { api } = useServices();
  const read = useQuery({
    queryKey: apiKey(PATH, { dateFilter }),
    queryFn: async ({ signal }) => {
      const answer = await api.withSignal(signal).get(PATH, { dateFilter });
      if (isConversion(answer)) return answer;
      log.warn('the conversion answer has an unknown shape');
      return null;
    },
  });
  useOnError(read.error, (err) => {
    if (!isApiError(err, 403)) log.warn('could not read the conversion', err);
  });
  useRereadOnTopics(CONVERSION_TOPICS, apiKey(PATH), { delayMs: CONVERSION_REREAD_MS });

  if (read.data) return { status: 'ready', data: read.data };
  if (read.data === null) return { status: 'failed' };
  // No agency (a carrier's account has none that buys): the section is not theirs.
  if (read.error) return isApiError(read.error, 403) ? { status: 'hidden' } : { status: 'failed' };
  return { status: 'loading' };
};
