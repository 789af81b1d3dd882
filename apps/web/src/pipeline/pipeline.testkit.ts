import { act } from '@testing-library/react';
import type { Pipeline, ReturnRequest, Topic } from '@referrals/shared';
import type { FakeSocket } from '../live/fakeSocket.testkit';
import type { PipelineDetail } from './pipelineView';

/** A return window that ends `hours` from now (acquired 7 days before its end). */
export const windowEndingIn = (hours: number) => {
  const end = Date.now() + hours * 3_600_000;
  return {
    acquiredAt: new Date(end - 7 * 86_400_000).toISOString(),
    endsAt: new Date(end).toISOString(),
  };
};

/**
 * A pipeline view of a bought referral as its panel reads it, Open and unworked, bought a day
 * ago (its return window open), unless told otherwise.
 */
export const pipelineOf = (
  referralId: number,
  o: Partial<PipelineDetail> = {},
): PipelineDetail => ({
  referralId,
  agency: 'Lone Star Insurance Group',
  status: 'Open',
  followUpOn: null,
  version: 0,
  updatedAt: null,
  updatedBy: null,
  notes: [],
  events: [],
  return: null,
  returnWindow: windowEndingIn(6 * 24),
  ...o,
});

/** The pipeline alone of a view, as the pipeline topic carries it. */
export const pipelineOnly = (view: PipelineDetail): Pipeline => {
  const { return: ret, returnWindow, ...pipeline } = view;
  void ret;
  void returnWindow;
  return pipeline;
};

/** A return request of a referral, requested unless told otherwise. */
export const returnOf = (referralId: number, o: Partial<ReturnRequest> = {}): ReturnRequest => ({
  id: 50 + referralId,
  referralId,
  agency: 'Lone Star Insurance Group',
  requestedBy: 'producer',
  requestedAt: new Date().toISOString(),
  reason: 'duplicate',
  note: null,
  state: 'requested',
  decidedBy: null,
  decidedAt: null,
  comment: null,
  soldPrice: 40,
  credit: null,
  evidence: [],
  ...o,
});

/** Connects the fake socket and answers every subscription so far with an empty base at `seq`. */
export const goLive = (socket: FakeSocket, seq = 1) => {
  act(() => socket.connect(true));
  act(() => {
    socket
      .calls('subscribe')
      .forEach((c, nth) =>
        socket.answer(
          'subscribe',
          { ok: true, snapshot: { topic: c.args[0] as Topic, seq, complete: false, items: [] } },
          nth,
        ),
      );
  });
};

/** Plays the server: one change of the pipeline or returns topic, following `seq - 1`. */
export const pushChange = (
  socket: FakeSocket,
  seq: number,
  change: { pipeline: Pipeline } | { returns: ReturnRequest },
) =>
  act(() =>
    'pipeline' in change
      ? socket.push('changes', {
          topic: { kind: 'pipeline' },
          prevSeq: seq - 1,
          seq,
          upserts: [change.pipeline],
          removed: [],
        })
      : socket.push('changes', {
          topic: { kind: 'returns' },
          prevSeq: seq - 1,
          seq,
          upserts: [change.returns],
          removed: [],
        }),
  );
