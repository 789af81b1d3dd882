/**
 * Writes a gateway answer to an express response.
 * Invariant: no answer is cached (`no-store`), and every error body carries the request's id, so
 * a report can be traced to its log lines.
 */
import type { Response } from 'express';
import type { ApiResponse } from '../api.js';
import { requestIdOf } from '../observe.js';

/** Sends an answer; an error's body carries the request's id, for a report to be traced. */
export function send(res: Response, answer: ApiResponse): void {
  res.setHeader('cache-control', 'no-store');
  if ('bytes' in answer) {
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    // Written as they are: no ETag is hashed for an answer no one may store.
    res.statusCode = answer.status;
    res.setHeader('content-type', answer.contentType);
    res.setHeader('content-length', answer.bytes.length);
    res.end(answer.bytes);
    return;
  }
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  const { body } = answer;
  const isError = answer.status >= 400 && typeof body === 'object' && body !== null;
  res
    .status(answer.status)
    .json(isError ? { ...body, requestId: requestIdOf(res.req, res) } : body);
}
