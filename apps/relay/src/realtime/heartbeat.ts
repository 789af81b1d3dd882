/**
 * Engine.IO's heartbeat: the relay pings each socket every `pingInterval` and drops one whose pong
 * is `pingTimeout` late; a browser that hears no ping for the sum of both takes its connection for
 * lost and reconnects. Socket.IO's defaults let a console whose network went away say Live for
 * most of a minute; the sum here stays under the time the console promises to notice a lost
 * connection in, at the cost of more pings (README, "Live pill").
 */
export const HEARTBEAT = { pingInterval: 5000, pingTimeout: 3500 } as const;
