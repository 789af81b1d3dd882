import { describe, expect, it } from 'vitest';
import { validateUrl } from './urlValidator.js';

describe('agent-console §5 URL validator', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['null', null],
    ['undefined', undefined],
    ['a bare domain', 'example.com'],
    ['http with path', 'http://example.com/path/to/page'],
    ['https with subdomains and query', 'https://a.b.example.co/quote?x=1&y=2'],
    ['padded with spaces', '  https://example.com  '],
    ['a 63-letter TLD', `example.${'a'.repeat(63)}`],
    ['exactly 100 characters', `https://example.com/${'a'.repeat(80)}`],
  ])('accepts %s', (_name, value) => {
    expect(validateUrl(value)).toBeNull();
  });

  it.each([
    ['101 characters', `https://example.com/${'a'.repeat(81)}`],
    ['101 characters of junk', 'x'.repeat(101)],
  ])('flags %s as urlTooLong', (_name, value) => {
    expect(validateUrl(value)).toEqual({ urlTooLong: true });
  });

  it.each([
    ['no dot', 'localhost'],
    ['a one-letter TLD', 'example.c'],
    ['a 64-letter TLD', `example.${'a'.repeat(64)}`],
    ['a numeric TLD', 'example.123'],
    ['another scheme', 'ftp://example.com'],
    ['spaces inside', 'https://exa mple.com'],
    ['a port', 'https://example.com:8080/path'],
    ['a fragment', 'https://example.com/#top'],
  ])('flags %s as invalidUrl', (_name, value) => {
    expect(validateUrl(value)).toEqual({ invalidUrl: true });
  });
});
