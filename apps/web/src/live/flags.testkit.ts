import { act } from '@testing-library/react';
import type { FeatureFlag } from '@referrals/shared';
import type { FakeSocket } from './fakeSocket.testkit';

/**
 * Plays the server for the feature flags: connects the socket and answers the console's
 * featureFlags subscription with these flags (names on, others off).
 */
export function serveFlags(socket: FakeSocket, on: readonly string[]): void {
  act(() => socket.connect(true));
  const call = socket
    .calls('subscribe')
    .find((c) => (c.args[0] as { kind: string }).kind === 'featureFlags');
  if (!call) throw new Error('the console did not ask for the feature flags');
  const items: FeatureFlag[] = on.map((name, i) => ({
    id: i + 1,
    name,
    description: name,
    enabled: true,
  }));
  act(() =>
    (call.args.at(-1) as (a: unknown) => void)({
      ok: true,
      snapshot: { topic: { kind: 'featureFlags' }, seq: 1, complete: true, items },
    }),
  );
}
