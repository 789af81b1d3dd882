/**
 * Team presence through a relay on real Redis and PostgreSQL against the stand-in: REST holds
 * with their refusals and audit, sockets that see teammates' presence and holds at once, and
 * another agency that never hears or reads any of it (REST and sockets).
 */
import type { AuditEntry, Opportunity, PresenceMessage, ReferralPresence } from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import {
  availableReferral,
  callRelay,
  openSocket,
  startRelay,
  type ClientSocket,
} from '../../testkit/stack.testkit.js';
import { useStack } from '../../testkit/useStack.testkit.js';

const stack = useStack();
const call = stack.call;

/** A new available referral of the stand-in, once the relay holds it (TX: Lone Star's appetite). */
const referral = (fields: Partial<Opportunity> = {}) =>
  availableReferral(stack.url, stack.sim, 'producer', fields);

/** A signed-in socket of a demo user, collecting every presence message it hears. */
async function socketOf(user: string) {
  const socket = await stack.socket(user);
  const heard: PresenceMessage[] = [];
  socket.on('presence', (m) => heard.push(m));
  const ask = (request: unknown) =>
    socket.timeout(5000).emitWithAck('presence', request as never) as Promise<
      { ok: true; kind: string; [k: string]: unknown } | { ok: false; code: string; error: string }
    >;
  return { socket, heard, ask };
}

describe('team presence', () => {
  it('shows teammates each other viewing and holding, at once, and asks nothing of the client about its agency', async () => {
    const o = await referral();
    const id = o.opportunityId;
    const pat = await socketOf('producer');
    const ana = await socketOf('producer2');
    expect(await pat.ask({ kind: 'watchHolds' })).toMatchObject({ ok: true, kind: 'holds' });
    expect(await pat.ask({ kind: 'view', referralId: id })).toMatchObject({
      ok: true,
      presence: {
        referralId: id,
        viewers: [{ username: 'producer', name: 'Pat Producer' }],
        hold: null,
      },
    });
    const seen = await ana.ask({ kind: 'view', referralId: id });
    expect(seen).toMatchObject({ ok: true });
    expect(
      (seen as unknown as { presence: ReferralPresence }).presence.viewers
        .map((v) => v.username)
        .sort(),
    ).toEqual(['producer', 'producer2']);
    // Pat hears Ana arrive.
    await expect
      .poll(() =>
        pat.heard.some(
          (m) => m.kind === 'viewers' && m.viewers.some((v) => v.username === 'producer2'),
        ),
      )
      .toBe(true);

    // Ana holds it: Pat hears it (in the referral's room and the agency's holds) once.
    const held = await call('POST', `/api/referrals/${id}/hold`, 'producer2');
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body).toMatchObject({
      referralId: id,
      username: 'producer2',
      name: 'Ana Producer',
    });
    await expect
      .poll(() => pat.heard.filter((m) => m.kind === 'hold' && m.hold !== null).length)
      .toBe(1);

    // Pat may not hold it too, nor release Ana's hold; both say who holds it.
    const second = await call('POST', `/api/referrals/${id}/hold`, 'producer');
    expect(second.status).toBe(409);
    expect((second.body as { error: string }).error).toMatch(
      /^Ana Producer is calling this referral until \d\d:\d\d:\d\d UTC$/,
    );
    const steal = await call('POST', `/api/referrals/${id}/hold/release`, 'producer');
    expect(steal.status).toBe(403);
    expect((steal.body as { error: string }).error).toBe(
      'Ana Producer holds this referral; only they can release it',
    );

    // REST says the same as the sockets.
    const presence = await call('GET', `/api/referrals/${id}/presence`, 'producer');
    expect(presence.status).toBe(200);
    expect(presence.body).toMatchObject({ referralId: id, hold: { username: 'producer2' } });

    // Ana closes the panel: Pat sees her go; she releases: Pat sees the hold end.
    await ana.ask({ kind: 'view', referralId: null });
    await expect
      .poll(() => {
        const last = pat.heard.filter((m) => m.kind === 'viewers').at(-1);
        return last?.kind === 'viewers' ? last.viewers.map((v) => v.username) : null;
      })
      .toEqual(['producer']);
    expect((await call('POST', `/api/referrals/${id}/hold/release`, 'producer2')).status).toBe(200);
    await expect.poll(() => pat.heard.at(-1)).toEqual({ kind: 'hold', referralId: id, hold: null });
    expect((await call('POST', `/api/referrals/${id}/hold/release`, 'producer2')).status).toBe(404);

    // Holds are audited: who held which referral.
    const audit = await call('GET', `/api/audit-log?action=referral.hold`, 'admin');
    const entries = (audit.body as { content: AuditEntry[] }).content;
    expect(entries.find((e) => e.target === `referral ${id}` && e.outcome === 'ok')).toMatchObject({
      actor: 'producer2',
      agency: 'Lone Star Insurance Group',
    });
    expect(
      entries.find((e) => e.target === `referral ${id}` && e.outcome === 'refused'),
    ).toMatchObject({
      actor: 'producer',
    });
  });

  it('refuses a hold on a referral the agency cannot see, or an unknown one, and changes nothing', async () => {
    const outside = await referral({ state: 'CA' });
    const bad = await call('POST', `/api/referrals/${outside.opportunityId}/hold`, 'producer');
    expect(bad).toMatchObject({
      status: 403,
      body: { error: "this referral is not in your agency's appetite" },
    });
    expect((await call('POST', '/api/referrals/999999999/hold', 'producer')).status).toBe(404);
    expect((await call('POST', '/api/referrals/abc/hold', 'producer')).status).toBe(400);
    // Staff have no agency to hold for; anonymous callers are asked to sign in.
    expect(
      (await call('POST', `/api/referrals/${outside.opportunityId}/hold`, 'admin')).status,
    ).toBe(403);
    expect((await call('POST', `/api/referrals/${outside.opportunityId}/hold`, null)).status).toBe(
      401,
    );
    const pat = await socketOf('producer');
    expect(await pat.ask({ kind: 'view', referralId: outside.opportunityId })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(await pat.ask({ kind: 'view', referralId: '7' })).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    expect(await pat.ask({ kind: 'watchHolds', agencyId: 1004 })).toMatchObject({
      ok: false,
      code: 'invalid',
    });
    const presence = await call(
      'GET',
      `/api/referrals/${outside.opportunityId}/presence`,
      'producer',
    );
    expect(presence.status).toBe(403);
  });

  it("never sends an agency's presence or holds to another agency, over REST or sockets", async () => {
    // A personal referral in Georgia is in both Lone Star's and Peachtree's (fulcrum's) appetites.
    const o = await referral({ state: 'GA', category: 'PERSONAL' });
    const id = o.opportunityId;
    const other = await socketOf('fulcrum');
    expect(await other.ask({ kind: 'watchHolds' })).toMatchObject({ ok: true, holds: [] });
    expect(await other.ask({ kind: 'view', referralId: id })).toMatchObject({ ok: true });
    const pat = await socketOf('producer');
    await pat.ask({ kind: 'watchHolds' });
    await pat.ask({ kind: 'view', referralId: id });
    expect((await call('POST', `/api/referrals/${id}/hold`, 'producer')).status).toBe(200);
    // Lone Star's own socket hears the hold: by then the other agency's would have too.
    await expect.poll(() => pat.heard.some((m) => m.kind === 'hold' && m.hold !== null)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    const leaked = other.heard.filter(
      (m) =>
        (m.kind === 'hold' && m.hold !== null) ||
        (m.kind === 'viewers' && m.viewers.some((v) => v.username !== 'fulcrum')),
    );
    expect(leaked).toEqual([]);
    // Peachtree reads its own presence: itself, and no hold; it may hold the referral itself.
    const read = await call('GET', `/api/referrals/${id}/presence`, 'fulcrum');
    expect(read.body).toEqual({
      referralId: id,
      viewers: [{ username: 'fulcrum', name: 'Frankie Fulcrum' }],
      hold: null,
    });
    expect((await call('POST', `/api/referrals/${id}/hold`, 'fulcrum')).status).toBe(200);
    expect((await call('POST', `/api/referrals/${id}/hold/release`, 'fulcrum')).status).toBe(200);
    expect((await other.ask({ kind: 'watchHolds' })) as unknown).toMatchObject({ holds: [] });
  });

  it("tells a list's rows who of the agency has them open, live, and never another agency's", async () => {
    // In both Lone Star's and Peachtree's (fulcrum's) appetites, as above.
    const [a, b] = [
      await referral({ state: 'GA', category: 'PERSONAL' }),
      await referral({ state: 'GA', category: 'PERSONAL' }),
    ];
    const ana = await socketOf('producer2');
    const other = await socketOf('fulcrum');
    // Pat's list shows both rows: nobody of Lone Star views them yet.
    const pat = await socketOf('producer');
    const ids = [a.opportunityId, b.opportunityId];
    expect(await pat.ask({ kind: 'watchRows', referralIds: ids })).toEqual({
      ok: true,
      kind: 'rows',
      rows: [],
    });
    // Fulcrum (Peachtree) opens row a, then Ana opens row b: Pat's list hears Ana (by then it
    // would have heard fulcrum too); watching a row makes Pat no viewer of it.
    await other.ask({ kind: 'view', referralId: a.opportunityId });
    await ana.ask({ kind: 'view', referralId: b.opportunityId });
    const rowsOfB = () =>
      pat.heard
        .filter((m) => m.kind === 'viewers' && m.referralId === b.opportunityId)
        .map((m) => (m.kind === 'viewers' ? m.viewers.map((v) => v.username) : []));
    await expect.poll(() => rowsOfB().at(-1)).toEqual(['producer2']);
    // A second list (another socket) that names b reads Ana at once.
    const tab = await socketOf('producer');
    expect(await tab.ask({ kind: 'watchRows', referralIds: [b.opportunityId] })).toEqual({
      ok: true,
      kind: 'rows',
      rows: [
        { referralId: b.opportunityId, viewers: [{ username: 'producer2', name: 'Ana Producer' }] },
      ],
    });
    // Pat's list moves on to row a only: Ana leaving b is no longer told to it.
    expect(await pat.ask({ kind: 'watchRows', referralIds: [a.opportunityId] })).toMatchObject({
      rows: [],
    });
    const told = rowsOfB().length;
    await ana.ask({ kind: 'view', referralId: null });
    await expect
      .poll(() => tab.heard.filter((m) => m.kind === 'viewers').at(-1))
      .toMatchObject({ referralId: b.opportunityId, viewers: [] });
    expect(rowsOfB()).toHaveLength(told);
    // Fulcrum viewing a told nothing to Lone Star's rows; fulcrum's own rows read only fulcrum.
    expect(
      pat.heard.filter((m) => m.kind === 'viewers' && m.referralId === a.opportunityId),
    ).toEqual([]);
    const theirs = await other.ask({ kind: 'watchRows', referralIds: ids });
    expect(theirs).toEqual({
      ok: true,
      kind: 'rows',
      rows: [
        {
          referralId: a.opportunityId,
          viewers: [{ username: 'fulcrum', name: 'Frankie Fulcrum' }],
        },
      ],
    });
    // Bad input is refused with a reason.
    expect(await pat.ask({ kind: 'watchRows', referralIds: ['1'] })).toMatchObject({
      ok: false,
      code: 'invalid',
    });
  });
});

describe('a relay that died', () => {
  it('leaves its viewers only until they expire: the next refresh prunes them and tells the room', async () => {
    const o = await referral();
    const id = o.opportunityId;
    const pat = await socketOf('producer');
    // A viewer of another relay, which then dies: its entry stops being refreshed.
    const ghost = JSON.stringify(['gone-socket', 'producer2', 'Ana Producer']);
    const key = `${stack.redis.prefix}presence:view:1001:${id}`;
    await stack.redis.redis.zadd(key, Date.now() + 60_000, ghost);
    await pat.ask({ kind: 'view', referralId: id });
    const lastViewers = () => {
      const last = pat.heard.filter((m) => m.kind === 'viewers').at(-1);
      return last?.kind === 'viewers' ? last.viewers.map((v) => v.username) : null;
    };
    await expect.poll(() => lastViewers()?.sort()).toEqual(['producer', 'producer2']);
    // Past its expiry (VIEW_TTL_MS after its last refresh).
    await stack.redis.redis.zadd(key, Date.now() - 1, ghost);
    await stack.relay.presence.refresh();
    await expect.poll(lastViewers).toEqual(['producer']);
    expect(await stack.redis.redis.zscore(key, ghost)).toBeNull();
  });
});

describe('team presence on a relay alone (no Redis)', () => {
  it('shows teammates each other and a hold, from memory', async () => {
    const { sim } = stack;
    const alone = await startRelay(sim, `${stack.redis.prefix}alone:`, { REDIS_URL: '' });
    const opened: ClientSocket[] = [];
    try {
      const o = await referral();
      const id = o.opportunityId;
      const open = async (user: string) => {
        const socket = await openSocket(alone.url, await sim.token(user));
        opened.push(socket);
        const heard: PresenceMessage[] = [];
        socket.on('presence', (m) => heard.push(m));
        await expect
          .poll(async () => {
            const a = (await socket
              .timeout(5000)
              .emitWithAck('presence', { kind: 'view', referralId: id })) as { ok: boolean };
            return a.ok;
          })
          .toBe(true);
        return heard;
      };
      const patHeard = await open('producer');
      await open('producer2');
      await expect
        .poll(() =>
          patHeard.some(
            (m) => m.kind === 'viewers' && m.viewers.some((v) => v.username === 'producer2'),
          ),
        )
        .toBe(true);
      const held = await callRelay(
        alone.url,
        sim,
        'POST',
        `/api/referrals/${id}/hold`,
        'producer2',
      );
      expect(held.status).toBe(200);
      await expect
        .poll(() => patHeard.some((m) => m.kind === 'hold' && m.hold !== null))
        .toBe(true);
    } finally {
      for (const socket of opened) socket.disconnect();
      await alone.relay.stop();
    }
  });
});
