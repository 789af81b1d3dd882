import { useCallback, useEffect, useState } from 'react';
import { errorToast, type AuditPage, type AuditQuery } from '@referrals/shared';
import { isApiError } from '../../api/ApiError';
import { useServices } from '../../app/services';
import { logger } from '../../log';
import { useToast } from '../../toasts/useToast';
import { errorText } from '../common/errors';
import { auditParams } from './auditFilters';

const log = logger('audit-log');
const AUDIT_TOPIC = { kind: 'auditLog' } as const;
/** How long the screen gathers live news before it reads its page again. */
const LIVE_READ_MS = 250;

/** Why the page could not be read: the relay's reason and, for a refused query, its details. */
export interface AuditLoadError {
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

/** A value and the query key it was read for. */
interface Keyed<T> {
  readonly key: string;
  readonly value: T;
}
const forKey = <T>(k: Keyed<T> | null, key: string | null): T | null =>
  k !== null && k.key === key ? k.value : null;

/**
 * The audit-log page of a query (none while the filters are not valid), read again shortly after
 * the auditLog topic records an entry or gives a new base (after a reconnect), so the page is
 * always the relay's answer for these filters and never shows an entry they exclude.
 */
export const useAuditLog = (query: AuditQuery | null): AuditLogState => {
  const { api, live } = useServices();
  const toast = useToast();
  const [read, setRead] = useState<Keyed<AuditPage> | null>(null);
  const [failed, setFailed] = useState<Keyed<AuditLoadError> | null>(null);
  const [reads, setReads] = useState(0);
  const key = query === null ? null : JSON.stringify(query);
  const page = forKey(read, key);
  const error = forKey(failed, key);

  useEffect(() => {
    // A burst of writes (a busy claim minute) costs one read per pause, not one per entry.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unwatch = live.watch(AUDIT_TOPIC, (e) => {
      if (e.type === 'refused') return log.warn(`audit log not live: ${e.error}`);
      timer ??= setTimeout(() => {
        timer = undefined;
        setReads((n) => n + 1);
      }, LIVE_READ_MS);
    });
    return () => {
      clearTimeout(timer);
      unwatch();
    };
  }, [live]);

  // The key stands for the query: a new object with the same filters reads nothing again.
  useEffect(() => {
    if (query === null || key === null) return undefined;
    let current = true;
    api
      .get<AuditPage>('/api/audit-log', auditParams(query))
      .then((p) => {
        if (!current) return;
        setRead({ key, value: p });
        setFailed(null);
      })
      .catch((err: unknown) => {
        if (!current) return;
        log.error('could not load the audit log', err);
        const message = errorText(err);
        setFailed({ key, value: { message, details: isApiError(err) ? err.details : [] } });
        toast(errorToast(`Failed to retrieve the audit log: ${message}.`));
      });
    return () => {
      current = false;
    };
  }, [api, toast, key, reads]);

  const retry = useCallback(() => {
    setFailed(null);
    setReads((n) => n + 1);
  }, []);
  return { page, loading: key !== null && page === null && error === null, error, retry };
};
