import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorToast, type AuditPage, type AuditQuery } from '@referrals/shared';
import { isApiError } from '../../api/ApiError';
import { apiKey, apiQuery } from '../../api/queries';
import { useOnError } from '../../api/useOnError';
import { useServices } from '../../app/services';
import { useRereadOnTopics } from '../../live/useRereadOnTopics';
import { logger } from '../../log';
import { useToast } from '../../toasts/useToast';
import { errorText } from '../common/errors';
import { auditParams } from './auditFilters';

const log = logger('audit-log');
const AUDIT_TOPICS = [{ kind: 'auditLog' }] as const;
const PATH = '/api/audit-log';
const NOT_LIVE = (error: string) => log.warn(`audit log not live: ${error}`);
/** How long the screen gathers live news before it reads its page again. */
const LIVE_READ_MS = 250;

/** Why the page could not be read: the relay's reason and, for a refused query, its details. */
interface AuditLoadError {
  readonly message: string;
  readonly details: readonly string[];
}

/** One page of the audit log as the screen shows it. */
export interface AuditLogState {
  /**
   * The page read for this very query (kept while a live re-read runs or fails); null while a new
   * query loads, so entries of other filters never show.
   */
  readonly page: AuditPage | null;
  /** True while a query with nothing to show yet is read (a live re-read is silent). */
  readonly loading: boolean;
  readonly error: AuditLoadError | null;
  readonly retry: () => void;
}

const loadError = (err: Error): AuditLoadError => ({
  message: errorText(err),
  details: isApiError(err) ? err.details : [],
});

/**
 * The audit-log page of a query (none while the filters are not valid), cached by its filters and
 * read again shortly after the auditLog topic records an entry or gives a new base (after a
 * reconnect), so the page is always the relay's answer for these filters and never shows an
 * entry they exclude.
 */
export const useAuditLog = (query: AuditQuery | null): AuditLogState => {
  const { api } = useServices();
  const toast = useToast();
  const read = useQuery({
    ...apiQuery(api, PATH, query === null ? undefined : auditParams(query)),
    enabled: query !== null,
  });
  useOnError(read.error, (err) => {
    log.error('could not load the audit log', err);
    toast(errorToast(`Failed to retrieve the audit log: ${errorText(err)}.`));
  });
  // A burst of writes (a busy claim minute) costs one read per pause, not one per entry.
  useRereadOnTopics(AUDIT_TOPICS, apiKey(PATH), { delayMs: LIVE_READ_MS, onRefused: NOT_LIVE });

  const { refetch } = read;
  const retry = useCallback(() => void refetch(), [refetch]);
  const page = query === null ? null : (read.data ?? null);
  // A failure shows until the next read of it is under way.
  const error = read.error && !read.isFetching ? loadError(read.error) : null;
  return { page, loading: query !== null && page === null && error === null, error, retry };
};
