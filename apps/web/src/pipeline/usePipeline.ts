import { useCallback, useEffect, useState } from 'react';
import {
  errorToast,
  type Pipeline,
  type ProgressStatus,
  type ReturnReason,
  type ReturnRequest,
} from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { useServices } from '../app/services';
import { errorText } from '../admin/common/errors';
import { logger } from '../log';
import { useToast } from '../toasts/useToast';
import {
  isPipelineView,
  newerView,
  PIPELINE_TOPIC,
  RETURNS_TOPIC,
  withPipeline,
  type PipelineView,
} from './pipelineView';

const log = logger('pipeline');

/** What a save changes: the status, the follow-up day (or none) and a new note. */
export interface PipelineEdit {
  readonly status: ProgressStatus;
  readonly followUpOn: string | null;
  readonly note: string;
}

/** The pipeline of one referral as the details panel works it. */
export interface PipelineState {
  /** Null while loading, and for a referral the viewer's agency did not buy (403, 404). */
  readonly view: PipelineView | null;
  readonly saving: boolean;
  /** The relay's reason a save or a return was refused (with its details), until the next try. */
  readonly error: string | null;
  /** Saves against the version last read; true when saved. */
  readonly save: (edit: PipelineEdit) => Promise<boolean>;
  /** Asks to return the referral; the relay's reason when it refuses, null when asked. */
  readonly requestReturn: (reason: ReturnReason, note: string) => Promise<string | null>;
}

const reasonOf = (err: unknown): string => {
  const text = errorText(err);
  return isApiError(err) && err.details.length > 0 ? `${text}: ${err.details.join('; ')}` : text;
};

/**
 * The pipeline and return of one bought referral (`GET /api/acquired/:id/pipeline`), kept current
 * by the pipeline and returns topics, so a colleague's change shows in an open panel. A save names
 * the version it read; a stale one (409) shows the relay's message and the colleague's state.
 */
export const usePipeline = (referralId: number | null): PipelineState => {
  const { api, live } = useServices();
  const toast = useToast();
  const [view, setView] = useState<PipelineView | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reads, setReads] = useState(0);

  useEffect(() => {
    setView(null);
    setError(null);
  }, [referralId]);

  useEffect(() => {
    if (referralId === null) return undefined;
    let current = true;
    api.get<unknown>(`/api/acquired/${referralId}/pipeline`).then(
      (v) => {
        if (current && isPipelineView(v)) setView((held) => newerView(held ?? undefined, v));
      },
      (err: unknown) => {
        // 403 and 404: not this agency's purchase, so the panel shows no pipeline.
        if (!isApiError(err, 403) && !isApiError(err, 404))
          log.warn('could not read a pipeline', err);
      },
    );
    return () => {
      current = false;
    };
  }, [api, referralId, reads]);

  useEffect(() => {
    if (referralId === null) return undefined;
    const again = () => setReads((n) => n + 1);
    const unwatchPipelines = live.watch(PIPELINE_TOPIC, (e) => {
      if (e.type === 'snapshot') return again();
      if (e.type !== 'changes') return;
      const p = e.upserts.find((u) => u.referralId === referralId);
      if (p) setView((v) => (v && p.version >= v.version ? withPipeline(v, p) : v));
    });
    const unwatchReturns = live.watch(RETURNS_TOPIC, (e) => {
      if (e.type === 'snapshot') return again();
      if (e.type !== 'changes') return;
      const r = e.upserts.find((u) => u.referralId === referralId);
      if (r) setView((v) => (v ? { ...v, return: r } : v));
    });
    return () => {
      unwatchPipelines();
      unwatchReturns();
    };
  }, [live, referralId]);

  const version = view?.version ?? null;
  const save = useCallback(
    async (edit: PipelineEdit): Promise<boolean> => {
      if (referralId === null || version === null) return false;
      setSaving(true);
      setError(null);
      const note = edit.note.trim();
      try {
        const saved = await api.put<Pipeline>(`/api/acquired/${referralId}/pipeline`, {
          version,
          status: edit.status,
          followUpOn: edit.followUpOn,
          ...(note ? { note } : {}),
        });
        setView((v) => withPipeline(v ?? undefined, saved));
        return true;
      } catch (err: unknown) {
        toast(errorToast(errorText(err)));
        if (isApiError(err, 409)) {
          // The colleague's save won: read it (the client keeps only text of the 409's details),
          // so the user makes theirs again on top of it.
          setReads((n) => n + 1);
          setError(errorText(err));
        } else setError(reasonOf(err));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [api, toast, referralId, version],
  );

  const requestReturn = useCallback(
    async (reason: ReturnReason, note: string): Promise<string | null> => {
      if (referralId === null) return 'No referral is open.';
      const text = note.trim();
      try {
        const r = await api.post<ReturnRequest>(`/api/acquired/${referralId}/return`, {
          reason,
          ...(text ? { note: text } : {}),
        });
        setView((v) => (v ? { ...v, return: r } : v));
        return null;
      } catch (err: unknown) {
        return reasonOf(err);
      }
    },
    [api, referralId],
  );

  return { view, saving, error, save, requestReturn };
};
