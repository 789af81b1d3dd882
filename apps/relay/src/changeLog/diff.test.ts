import { afterEach, describe, expect, it, vi } from 'vitest';
import { diffRecords, hashRecords } from './diff.js';

afterEach(() => vi.restoreAllMocks());

describe('hashing polled records', () => {
  it('serializes and hashes a record object once across cycles, with the same outcome', () => {
    const known = new WeakMap<object, string>();
    const records = [
      { id: 1, city: 'Austin' },
      { id: 2, city: 'Waco' },
    ];
    const first = hashRecords(records, (r) => r.id, known);
    const stringify = vi.spyOn(JSON, 'stringify');
    const second = hashRecords(records, (r) => r.id, known);
    expect(stringify).not.toHaveBeenCalled();
    expect(second.map((r) => [r.id, r.hash])).toEqual(first.map((r) => [r.id, r.hash]));
    expect(second.map((r) => r.json)).toEqual(first.map((r) => r.json));
    expect(hashRecords(records, (r) => r.id).map((r) => r.hash)).toEqual(first.map((r) => r.hash));
  });

  it('hashes a fresh object with the same content to the same hash, and a changed one apart', () => {
    const known = new WeakMap<object, string>();
    const [a] = hashRecords([{ id: 1, price: 45 }], (r) => r.id, known);
    const [same] = hashRecords([{ id: 1, price: 45 }], (r) => r.id, known);
    const [changed] = hashRecords([{ id: 1, price: 40 }], (r) => r.id, known);
    expect(same?.hash).toBe(a?.hash);
    expect(changed?.hash).not.toBe(a?.hash);
    const diff = diffRecords(new Map([['1', a?.hash ?? '']]), [changed!]);
    expect(diff.upserts.map((u) => u.json)).toEqual(['{"id":1,"price":40}']);
  });

  it("gives a known record's JSON when a diff needs it (another instance committed meanwhile)", () => {
    const known = new WeakMap<object, string>();
    const record = { id: 7, status: 'Available' };
    hashRecords([record], (r) => r.id, known);
    const again = hashRecords([record], (r) => r.id, known);
    const diff = diffRecords(new Map([['7', 'another hash']]), again);
    expect(diff.upserts.map((u) => u.json)).toEqual([JSON.stringify(record)]);
  });
});
