import type { ClientToServerEvents, ServerToClientEvents } from '@referrals/shared';
import type { ConnectionEvent, LiveSocket } from './LiveSocket';

type ServerEvent = keyof ServerToClientEvents;
type ClientEvent = keyof ClientToServerEvents;

/** One call the client made: the event name and its arguments (the last is the ack). */
export interface SentCall {
  readonly event: ClientEvent;
  readonly args: readonly unknown[];
}

/**
 * An in-memory socket speaking the shared contract's event names. Tests play the server: they
 * read what the client emitted, answer its acks and push server events.
 */
export class FakeSocket implements LiveSocket {
  readonly sent: SentCall[] = [];
  private readonly handlers = new Map<string, ((...a: never[]) => void)[]>();
  private readonly connectionHandlers: ((e: ConnectionEvent) => void)[] = [];

  on<E extends ServerEvent>(event: E, listener: ServerToClientEvents[E]): void {
    const list = this.handlers.get(event) ?? [];
    list.push(listener);
    this.handlers.set(event, list);
  }
  emit<E extends ClientEvent>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void {
    this.sent.push({ event, args });
  }
  onConnection(listener: (e: ConnectionEvent) => void): void {
    this.connectionHandlers.push(listener);
  }
  close(): void {
    this.connect(false);
  }
  /** Counts the client's redials; it drops the connection, as the real one does. */
  reconnects = 0;
  reconnect(): void {
    this.reconnects += 1;
    this.connect(false);
  }

  /** Server side: (re)connects or drops the socket. */
  connect(connected: boolean, recovered = false): void {
    for (const h of this.connectionHandlers)
      h(connected ? { connected: true, recovered } : { connected: false });
  }
  /** Server side: pushes an event to the client. */
  push<E extends ServerEvent>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    for (const h of this.handlers.get(event) ?? []) (h as (...a: unknown[]) => void)(...args);
  }
  /** The calls of one event, in order. */
  calls(event: ClientEvent): SentCall[] {
    return this.sent.filter((c) => c.event === event);
  }
  /** Answers the ack of the nth call of an event (default: the last). */
  answer(event: ClientEvent, answer: unknown, nth = -1): void {
    const call = this.calls(event).at(nth);
    if (!call) throw new Error(`no ${event} call to answer`);
    (call.args.at(-1) as (a: unknown) => void)(answer);
  }
}
