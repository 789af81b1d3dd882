import type { Pipeline, ReturnRequest } from '@referrals/shared';

/** What the relay answers for one bought referral: its pipeline and its return, if any. */
export type PipelineView = Pipeline & { readonly return: ReturnRequest | null };

/** The live topics of the agency's work after the claim (scoped by the server to the caller). */
export const PIPELINE_TOPIC = { kind: 'pipeline' } as const;
export const RETURNS_TOPIC = { kind: 'returns' } as const;

/** A saved pipeline, keeping the return the view already had (a save does not change it). */
export const withPipeline = (view: PipelineView | undefined, p: Pipeline): PipelineView => ({
  ...p,
  return: view?.return ?? null,
});

/** Whether a relay answer is a pipeline view (an answer of another shape is not shown). */
export const isPipelineView = (v: unknown): v is PipelineView =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as PipelineView).referralId === 'number' &&
  typeof (v as PipelineView).version === 'number' &&
  Array.isArray((v as PipelineView).notes);

/**
 * The newer of what a read answered and what the view already holds: a read begun before a live
 * change may answer after it, and must not undo it. Pipelines are ordered by version; a decided
 * return is final, so it beats a requested one.
 */
export const newerView = (held: PipelineView | undefined, read: PipelineView): PipelineView => {
  if (!held || held.referralId !== read.referralId) return read;
  const pipeline = held.version > read.version ? held : read;
  const ret =
    held.return && (read.return === null || read.return.state === 'requested')
      ? held.return
      : read.return;
  return { ...pipeline, return: ret };
};
