/**
 * The Socket.IO handshake's check: the protocol version the client speaks, and its token if it
 * brings one.
 *
 * Invariant: a socket connects only when it speaks `PROTOCOL_VERSION`, and its principal is
 * either none (no token) or the one its token was verified as; the raw token is not kept.
 */
import { parseToken, PROTOCOL_VERSION } from '@referrals/shared';
import { TokenError, type Principal, type TokenVerifier } from '../auth/verify.js';
import type { PressureGauge } from '../pressure.js';
import { trimHandshake } from './connectionMemory.js';
import type { RelaySocket } from './socketHandlers.js';

type Next = (err?: Error) => void;

/** Lets a checked socket in with its principal and no topics yet (unless recovered with some). */
function admit(socket: RelaySocket, principal: Principal | null, next: Next): void {
  socket.data.principal = principal;
  socket.data.topics ??= {};
  // The verified principal is kept; the raw token need not live as long as the socket.
  trimHandshake(socket.handshake);
  next();
}

/** The refusal of a new socket while the relay is saturated: when to dial again. */
export const BUSY = 'busy';

function busy(retryAfterS: number): Error {
  const err = new Error(`${BUSY}: this relay is busy; dial again in ${retryAfterS} s`);
  // Socket.IO hands `data` to the client's connect_error.
  Object.assign(err, { data: { retryAfterMs: retryAfterS * 1000 } });
  return err;
}

/**
 * The handshake middleware: refuses a new socket while the relay is saturated (a recovered one
 * comes back to rooms it held), another protocol, or a token that does not verify.
 */
export function checkHandshake(verify: TokenVerifier, pressure: PressureGauge, onShed: () => void) {
  return (socket: RelaySocket, next: Next): void => {
    if (pressure.saturated && !socket.recovered) {
      onShed();
      next(busy(pressure.retryAfterS()));
      return;
    }
    const auth = (socket.handshake.auth ?? {}) as { protocol?: unknown; token?: unknown };
    if (auth.protocol !== PROTOCOL_VERSION) {
      next(
        new Error(
          `protocol ${String(auth.protocol)} is not spoken here (want ${PROTOCOL_VERSION})`,
        ),
      );
      return;
    }
    if (auth.token === undefined) return admit(socket, null, next);
    const parsed = parseToken(auth.token);
    if (!parsed.ok) {
      next(new Error(`unauthenticated: ${parsed.error}`));
      return;
    }
    verify(parsed.token).then(
      (principal) => admit(socket, principal, next),
      (err: unknown) =>
        next(
          new Error(
            `unauthenticated: ${err instanceof TokenError ? err.message : 'token refused'}`,
          ),
        ),
    );
  };
}
