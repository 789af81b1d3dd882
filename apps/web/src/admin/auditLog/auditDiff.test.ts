import { describe, expect, it } from 'vitest';
import { auditDiff } from './auditDiff';

describe('audit diff', () => {
  it('names each changed leaf by its path, nested and in lists', () => {
    const before = { name: 'Gulf', rules: { states: ['TX', 'LA'], cap: 10 }, active: true };
    const after = { name: 'Gulf', rules: { states: ['TX', 'OK'], cap: 12 }, active: true };
    expect(auditDiff(before, after)).toEqual([
      { path: 'rules.states[1]', before: '"LA"', after: '"OK"' },
      { path: 'rules.cap', before: '10', after: '12' },
    ]);
  });

  it('shows a creation as added fields and a refusal as the error it recorded', () => {
    expect(auditDiff(null, { id: 3, enabled: false })).toEqual([
      { path: 'id', before: undefined, after: '3' },
      { path: 'enabled', before: undefined, after: 'false' },
    ]);
    expect(auditDiff({ enabled: true }, { error: 'stale version' })).toEqual([
      { path: 'enabled', before: 'true', after: undefined },
      { path: 'error', before: undefined, after: '"stale version"' },
    ]);
  });

  it('finds nothing when the states are equal, and compares plain values as one field', () => {
    expect(auditDiff({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toEqual([]);
    expect(auditDiff(1, 2)).toEqual([{ path: '', before: '1', after: '2' }]);
    expect(auditDiff({ tags: [] }, { tags: ['x'] })).toEqual([
      { path: 'tags', before: '[]', after: undefined },
      { path: 'tags[0]', before: undefined, after: '"x"' },
    ]);
  });
});
