/**
 * Engine.IO's heartbeat: the relay pings each socket every `pingInterval` and drops one whose pong
 * is `pingTimeout` late; a browser that hears no ping for the sum of both takes its connection for
 * lost and reconnects. Socket.IO's defaults let a console whose network went away say Live for
 * most of a minute; the sum here stays under the time the console promises to notice a lost
 * connection in, at the cost of more pings (docs/contract.md, "Live pill"). The pong's allowance is the
 * larger share: a relay whose event loop stalls (a reconnect storm) reads pongs late, and a short
 * allowance would then drop healthy sockets and feed the storm.
 */
export const HEARTBEAT = { pingInterval: 3000, pingTimeout: 4000 } as const;
