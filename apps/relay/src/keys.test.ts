import { describe, expect, it } from 'vitest';
import { redisKeys } from './keys.js';

describe('Redis key builder', () => {
  const keys = redisKeys('rc:');

  it.each([
    [keys.snapshot('referrals'), 'rc:snap:referrals'],
    [keys.hashes('marketplaces'), 'rc:hash:marketplaces'],
    [keys.seq('featureFlags'), 'rc:seq:featureFlags'],
    [keys.changes('deliveryStats'), 'rc:changes:deliveryStats'],
    [keys.health(), 'rc:poll:health'],
    [keys.pollOwner(), 'rc:poll:owner'],
    [keys.pollChannel(), 'rc:poll:now'],
    [keys.rateLimit('claim', 'producer', 42), 'rc:rl:claim:producer:42'],
    [keys.preferences('producer'), 'rc:prefs:producer'],
  ])('builds %s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('keeps every key under its prefix so tests never touch what they did not create', () => {
    const other = redisKeys('test-123:');
    expect(other.snapshot('referrals').startsWith('test-123:')).toBe(true);
    expect(other.changes('referrals').startsWith('test-123:')).toBe(true);
  });
});
