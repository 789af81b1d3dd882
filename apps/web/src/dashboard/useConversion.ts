import { useEffect, useState } from 'react';
import type { Conversion, DateFilter, Topic } from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { useServices } from '../app/services';
import { logger } from '../log';

const log = logger('dashboard');

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
export const CONVERSION_TOPICS: readonly Topic[] = [
  { kind: 'pipeline' },
  { kind: 'returns' },
  { kind: 'acquired' },
];

/** How long a burst of changes is gathered before the figures are read again. */
export const CONVERSION_REREAD_MS = 500;

const isConversion = (v: unknown): v is ConversionAnswer =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ConversionAnswer).totals?.bought === 'number' &&
  typeof (v as ConversionAnswer).byLine === 'object' &&
  typeof (v as ConversionAnswer).bySource === 'object' &&
  typeof (v as ConversionAnswer).byState === 'object';

/**
 * The conversion figures of a window, computed by the relay and read again (at most once per
 * `CONVERSION_REREAD_MS`) whenever one of `CONVERSION_TOPICS` changes or starts over.
 */
export const useConversion = (dateFilter: DateFilter): ConversionState => {
  const { api, live } = useServices();
  const [state, setState] = useState<ConversionState>({ status: 'loading' });
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let current = true;
    api.get<unknown>('/api/conversion', { dateFilter }).then(
      (answer) => {
        if (!current) return;
        if (isConversion(answer)) setState({ status: 'ready', data: answer });
        else {
          log.warn('the conversion answer has an unknown shape');
          setState({ status: 'failed' });
        }
      },
      (err: unknown) => {
        if (!current) return;
        // No agency (a carrier's account has none that buys): the section is not theirs.
        if (isApiError(err, 403)) return setState({ status: 'hidden' });
        log.warn('could not read the conversion', err);
        setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [api, dateFilter, reads]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The first change of a burst starts the wait; the rest join it, so a steady stream of
    // changes still reads again every CONVERSION_REREAD_MS.
    const again = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setReads((n) => n + 1);
      }, CONVERSION_REREAD_MS);
    };
    const stops = CONVERSION_TOPICS.map((topic) =>
      live.watch(topic, (e) => {
        if (e.type !== 'refused') again();
      }),
    );
    return () => {
      clearTimeout(timer);
      stops.forEach((stop) => stop());
    };
  }, [live]);

  return state;
};
