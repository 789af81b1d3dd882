import { isStateCode } from '../domain/states.js';
import { TOPIC_KINDS, TOPICS } from './topicRegistry.js';
import type { Topic, TopicKind } from './topics.js';

type Parsed<T> = ({ ok: true } & T) | { ok: false; error: string };

const KINDS: ReadonlySet<string> = new Set(TOPIC_KINDS);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Validates a topic sent by a client; returns the topic or an error text, never throws. */
export function parseTopic(input: unknown): Parsed<{ topic: Topic }> {
  if (!isRecord(input)) return { ok: false, error: 'topic must be an object with a kind' };
  const { kind } = input;
  if (typeof kind !== 'string' || !KINDS.has(kind)) {
    return { ok: false, error: `unknown topic kind '${String(kind)}'` };
  }
  const stateful = TOPICS[kind as TopicKind].byState;
  const allowed = stateful ? ['kind', 'state'] : ['kind'];
  const extra = Object.keys(input).filter((k) => !allowed.includes(k));
  if (extra.length > 0) return { ok: false, error: `unknown field(s) ${extra.join(', ')}` };
  if (!stateful) return { ok: true, topic: { kind } as Topic };
  const { state } = input;
  if (state !== null && !(typeof state === 'string' && isStateCode(state))) {
    return { ok: false, error: 'state must be a state code or null' };
  }
  return { ok: true, topic: { kind, state } as Topic };
}

/** Validates a resync request: a topic and the seq the client holds. */
export function parseResync(input: unknown): Parsed<{ topic: Topic; seq: number }> {
  if (!isRecord(input)) return { ok: false, error: 'request must be an object' };
  const { topic, seq } = input;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) {
    return { ok: false, error: 'seq must be a whole number of at least 0' };
  }
  const parsed = parseTopic(topic);
  return parsed.ok ? { ok: true, topic: parsed.topic, seq } : parsed;
}

/** Longest access token accepted over the socket (a JWT of a few kilobytes). */
export const MAX_TOKEN_LENGTH = 16_384;

/** Validates a token sent by a client. */
export function parseToken(input: unknown): Parsed<{ token: string }> {
  if (typeof input !== 'string' || input.length === 0) {
    return { ok: false, error: 'token must be a non-empty string' };
  }
  if (input.length > MAX_TOKEN_LENGTH) return { ok: false, error: 'token is too long' };
  return { ok: true, token: input };
}
