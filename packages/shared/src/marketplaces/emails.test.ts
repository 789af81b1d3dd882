import { describe, expect, it } from 'vitest';
import { emailListProblem, isValidEmail, parseEmailList } from './emails.js';

describe('marketplace-admin §5 email recipient lists', () => {
  it.each<[string, boolean, string | null]>([
    ['', false, null],
    ['', true, 'empty'],
    ['  ', true, 'empty'],
    ['a@x.com', true, null],
    ['a@x.com, b@y.org', true, null],
    ['a@x.com,b@y.org', false, null],
    ['a@x.com; b@y.org', false, 'invalid'],
    ['a@x.com b@y.org', false, 'invalid'],
    ['a@x.com,', false, 'invalid'],
    ['not-an-email', false, 'invalid'],
    ['a@x.com, A@X.COM', false, 'duplicated'],
  ])('%j (required %s) gives %s', (text, required, problem) => {
    expect(emailListProblem(text, required)).toBe(problem);
  });

  it.each([
    ['user@example.com', true],
    [' user@example.com ', true],
    ['user@example', false],
    ['user@@example.com', false],
    ['', false],
  ])('isValidEmail(%j) is %s', (text, valid) => {
    expect(isValidEmail(text)).toBe(valid);
  });

  it('parses a list into trimmed addresses', () => {
    expect(parseEmailList(' a@x.com , b@y.org ')).toEqual(['a@x.com', 'b@y.org']);
  });
});
