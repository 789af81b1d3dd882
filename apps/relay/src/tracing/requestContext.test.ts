import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { requestLogFields, runInRequest, setTraceIdsSource } from './requestContext.js';

describe('the request scope of log lines', () => {
  it('adds the request id across awaits inside a request, and nothing outside one', async () => {
    expect(requestLogFields()).toEqual({});
    await runInRequest({ requestId: 'r-1' }, async () => {
      await sleep(1);
      expect(requestLogFields()).toEqual({ requestId: 'r-1' });
    });
    expect(requestLogFields()).toEqual({});
  });

  it('prefers the ids of the span active at the line over those the request started with', () => {
    const first = { traceId: 'a'.repeat(32), spanId: '1'.repeat(16) };
    const active = { traceId: 'a'.repeat(32), spanId: '2'.repeat(16) };
    let current: typeof active | undefined = active;
    setTraceIdsSource(() => current);
    try {
      runInRequest({ requestId: 'r-2', ...first }, () => {
        expect(requestLogFields()).toEqual({ requestId: 'r-2', ...active });
        current = undefined;
        expect(requestLogFields()).toEqual({ requestId: 'r-2', ...first });
      });
    } finally {
      setTraceIdsSource(() => undefined);
    }
  });
});
