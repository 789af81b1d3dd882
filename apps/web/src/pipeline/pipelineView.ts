import type { Pipeline, ReturnRequest, ReturnWindow } from '@referrals/shared';

/** What the relay answers for one bought referral: its pipeline and its return, if any. */
export type PipelineView = Pipeline & { readonly return: ReturnRequest | null };

/**
 * One referral's view as its details panel reads it (`GET /api/acquired/:id/pipeline`): with
 * its return window as the relay counts it. Live changes never carry the window; it is kept.
 */
export type PipelineDetail = PipelineView & { readonly returnWindow?: ReturnWindow };

/** The live topics of the agency's work after the claim (scoped by the server to the caller). */
export const PIPELINE_TOPIC = { kind: 'pipeline' } as const;
export const RETURNS_TOPIC = { kind: 'returns' } as const;

/**
 * A saved pipeline, keeping the return (a save does not change it) and the return window the
 * view already had.
 */
export const withPipeline = <V extends PipelineDetail>(view: V | undefined, p: Pipeline): V =>
  ({ ...view, ...p, return: view?.return ?? null }) as V;

/** Whether a relay answer is a pipeline view (an answer of another shape is not shown). */
export const isPipelineView = (v: unknown): v is PipelineView =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as PipelineView).referralId === 'number' &&
  typeof (v as PipelineView).version === 'number' &&
  Array.isArray((v as PipelineView).notes) &&
  Array.isArray((v as PipelineView).events);

/**
 * The newer of what a read answered and what the view already holds: a read begun before a live
 * change may answer after it, and must not undo it. Pipelines are ordered by version; a decided
 * return is final, so it beats a requested one.
 */
export const newerView = <V extends PipelineDetail>(held: V | undefined, read: V): V => {
  if (!held || held.referralId !== read.referralId) return read;
  const pipeline = held.version > read.version ? held : read;
  const ret =
    held.return && (read.return === null || read.return.state === 'requested')
      ? held.return
      : read.return;
  // The window is the read's: the relay counts it, a live change never carries it.
  return {
    ...held,
    ...pipeline,
    returnWindow: read.returnWindow ?? held.returnWindow,
    return: ret,
  };
};
