/**
 * One integration test file's stack, started before its tests and stopped after them: a still
 * stand-in (no simulated agent claims a referral a test is about to), a Redis prefix of its own
 * and a relay, on a PostgreSQL database of the file's own when `database` names one. The sockets
 * the file opens through it are closed at the end. Invariant: its fields are set by `beforeAll`,
 * so tests read them when they run, never at the file's top level.
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from './database.testkit.js';
import {
  callRelay,
  openSocket,
  startRelay,
  startSim,
  testPrefix,
  type ClientSocket,
  type Relay,
  type Sim,
} from './stack.testkit.js';

interface StackOptions {
  /** A database of the file's own, named so (its claims and settings meet no other file's). */
  readonly database?: string;
}

/** The file's stack; see the file's head. */
export function useStack(options: StackOptions = {}) {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  const sockets: ClientSocket[] = [];
  const s = {
    sim: undefined as unknown as Sim,
    redis: undefined as unknown as Awaited<ReturnType<typeof testPrefix>>,
    relay: undefined as unknown as Relay,
    url: '',
    /** A JSON call as a demo user (null: anonymous), `body` sent as JSON. */
    call: (method: string, path: string, user: string | null, body?: unknown) =>
      callRelay(
        s.url,
        s.sim,
        method,
        path,
        user,
        body === undefined ? {} : { body: JSON.stringify(body) },
      ),
    /** A socket signed in as a demo user, closed with the stack. */
    socket: async (user: string): Promise<ClientSocket> => {
      const socket = await openSocket(s.url, await s.sim.token(user));
      sockets.push(socket);
      return socket;
    },
    /** Stops the relay and starts another on the same Redis prefix and database. */
    restart: async (): Promise<void> => {
      await s.relay.stop();
      await start();
    },
  };
  const start = async () => {
    const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
    const r = await startRelay(s.sim, s.redis.prefix, env);
    s.relay = r.relay;
    s.url = r.url;
  };
  beforeAll(async () => {
    s.sim = await startSim({ SIM_TICK_MS: '3600000' });
    s.redis = await testPrefix();
    if (options.database) database = await createTestDatabase(options.database);
    await start();
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await s.relay.stop();
    await s.sim.close();
    await s.redis.cleanup();
    await database?.drop();
  });
  return s;
}
