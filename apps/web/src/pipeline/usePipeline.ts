import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  errorToast,
  successToast,
  type ContactAttempt,
  type ProgressStatus,
  type ReturnReason,
} from '@referrals/shared';
import { isApiError } from '../api/ApiError';
import { apiKey } from '../api/queries';
import { useOnError } from '../api/useOnError';
import { refusalText } from '../app/refusalText';
import { useServices } from '../app/services';
import { logger } from '../log';
import { useToast } from '../toasts/useToast';
import {
  isPipelineView,
  newerView,
  PIPELINE_TOPIC,
  RETURNS_TOPIC,
  withPipeline,
  type PipelineDetail,
} from './pipelineView';

const log = logger('pipeline');

/** What a save changes: the status, the follow-up day (or none), a new note, a contact attempt. */
export interface PipelineEdit {
  readonly status: ProgressStatus;
  readonly followUpOn: string | null;
  readonly note: string;
  /** A contact attempt to log, or none. */
  readonly contact?: ContactAttempt | null;
}

/** The pipeline of one referral as the details panel works it. */
export interface PipelineState {
  /** Null while loading, and for a referral the viewer's agency did not buy (403, 404). */
  readonly view: PipelineDetail | null;
  readonly saving: boolean;
  /** True while a return is being asked for. */
  readonly returning: boolean;
  /** The relay's reason a save or a return was refused (with its details), until the next try. */
  readonly error: string | null;
  /** Saves against the version last read; true when saved. */
  readonly save: (edit: PipelineEdit) => Promise<boolean>;
  /**
   * Asks to return the referral with the timeline entries chosen as evidence (by id); the
   * relay's reason when it refuses, null when asked.
   */
  readonly requestReturn: (
    reason: ReturnReason,
    note: string,
    evidence: readonly string[],
  ) => Promise<string | null>;
}

/** What a save or return says when it succeeds. */
export const PIPELINE_TOASTS = {
  saved: successToast('Progress saved.'),
  returnRequested: successToast('Return requested. An admin will decide it.'),
} as const;

const succeeded = () => true;
const failedSave = () => false;
const asked = () => null;

/** One save of a referral's pipeline, against the version read. */
interface PipelineSave {
  readonly referralId: number;
  readonly version: number;
  readonly edit: PipelineEdit;
}

/** One request to return a referral (the note trimmed). */
interface ReturnAsk {
  readonly referralId: number;
  readonly reason: ReturnReason;
  readonly note: string;
  readonly evidence: readonly string[];
}

/** Where one referral's pipeline is cached. */
const pathOf = (referralId: number) => `/api/acquired/${referralId}/pipeline` as const;

/**
 * The pipeline and return of one bought referral (`GET /api/acquired/:id/pipeline`) in the query
 * cache, which the pipeline and returns topics update in place, so a colleague's change shows in
 * an open panel; a new base of either reads it again. A save names the version it read; a stale
 * one (409) shows the relay's message and the colleague's state.
 */
export const usePipeline = (referralId: number | null): PipelineState => {
  const { api, live } = useServices();
  const client = useQueryClient();
  const toast = useToast();
  // The refusal of this referral's last save or return; another referral's never shows.
  const [failed, setFailed] = useState<{ readonly id: number; readonly text: string } | null>(null);
  const key = apiKey(pathOf(referralId ?? 0));
  const read = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const v = await api.withSignal(signal).get(pathOf(referralId ?? 0));
      // A live change heard while reading may be newer than the answer.
      return isPipelineView(v)
        ? newerView<PipelineDetail>(client.getQueryData<PipelineDetail>(key), v)
        : null;
    },
    enabled: referralId !== null,
  });
  useOnError(read.error, (err) => {
    // 403 and 404: not this agency's purchase, so the panel shows no pipeline.
    if (!isApiError(err, 403) && !isApiError(err, 404)) log.warn('could not read a pipeline', err);
  });
  const view = referralId === null ? null : (read.data ?? null);

  useEffect(() => {
    if (referralId === null) return undefined;
    const queryKey = apiKey(pathOf(referralId));
    const again = () => void client.invalidateQueries({ queryKey });
    const change = (f: (v: PipelineDetail) => PipelineDetail) =>
      client.setQueryData<PipelineDetail | null>(queryKey, (v) => (v ? f(v) : v));
    const unwatchPipelines = live.watch(PIPELINE_TOPIC, (e) => {
      if (e.type === 'snapshot') return again();
      if (e.type !== 'changes') return;
      const p = e.upserts.find((u) => u.referralId === referralId);
      if (p) change((v) => (p.version >= v.version ? withPipeline(v, p) : v));
    });
    const unwatchReturns = live.watch(RETURNS_TOPIC, (e) => {
      if (e.type === 'snapshot') return again();
      if (e.type !== 'changes') return;
      const r = e.upserts.find((u) => u.referralId === referralId);
      if (r) change((v) => ({ ...v, return: r }));
    });
    return () => {
      unwatchPipelines();
      unwatchReturns();
    };
  }, [client, live, referralId]);

  const saving = useMutation({
    mutationFn: ({ referralId: id, version, edit }: PipelineSave) => {
      const note = edit.note.trim();
      return api.put(pathOf(id), {
        version,
        status: edit.status,
        followUpOn: edit.followUpOn,
        ...(note ? { note } : {}),
        ...(edit.contact ? { contact: edit.contact } : {}),
      });
    },
    onSuccess: (saved, { referralId: id }) => {
      client.setQueryData<PipelineDetail | null>(apiKey(pathOf(id)), (v) =>
        withPipeline<PipelineDetail>(v ?? undefined, saved),
      );
      toast(PIPELINE_TOASTS.saved);
    },
    onError: (err, { referralId: id }) => {
      const text = refusalText(err);
      toast(errorToast(text));
      // The colleague's save won: read it (the client keeps only text of the 409's details);
      // the form keeps what the user changed on top of it, for them to save again.
      if (isApiError(err, 409)) void client.invalidateQueries({ queryKey: apiKey(pathOf(id)) });
      setFailed({ id, text });
    },
  });
  const returning = useMutation({
    mutationFn: ({ referralId: id, reason, note, evidence }: ReturnAsk) =>
      api.post(`/api/acquired/${id}/return`, {
        reason,
        ...(note ? { note } : {}),
        evidence: [...evidence],
      }),
    onSuccess: (r, { referralId: id }) => {
      client.setQueryData<PipelineDetail | null>(apiKey(pathOf(id)), (v) =>
        v ? { ...v, return: r } : v,
      );
      toast(PIPELINE_TOASTS.returnRequested);
    },
  });

  const version = view?.version ?? null;
  const { mutateAsync: saveAsync } = saving;
  const save = useCallback(
    (edit: PipelineEdit): Promise<boolean> => {
      if (referralId === null || version === null) return Promise.resolve(false);
      setFailed(null);
      return saveAsync({ referralId, version, edit }).then(succeeded, failedSave);
    },
    [saveAsync, referralId, version],
  );

  const { mutateAsync: returnAsync } = returning;
  const requestReturn = useCallback(
    (reason: ReturnReason, note: string, evidence: readonly string[]): Promise<string | null> =>
      referralId === null
        ? Promise.resolve('No referral is open.')
        : returnAsync({ referralId, reason, note: note.trim(), evidence }).then(asked, refusalText),
    [returnAsync, referralId],
  );

  const error = failed !== null && failed.id === referralId ? failed.text : null;
  return {
    view,
    saving: saving.isPending,
    returning: returning.isPending,
    error,
    save,
    requestReturn,
  };
};
