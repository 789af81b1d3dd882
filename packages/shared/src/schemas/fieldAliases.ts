/** Other names a record may give some of its fields: alias -> the field it stands for. */
export type FieldAliases = Readonly<Record<string, string>>;

/**
 * A record with its aliases read as the fields they stand for. An alias whose field the record
 * lacks is renamed where it stands, whatever its value. One beside its field is dropped, its value
 * taken when the field's is null and its own is not: a field with a value keeps it. The result is
 * the record as the service would have sent it under the primary names, key order included. The
 * same value when the record uses no alias, else a new object (the record is left as it came).
 */
export function readFieldAliases(value: unknown, aliases: FieldAliases): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  // Runs for every polled record, and most use no alias: find that out without allocating.
  let uses = false;
  for (const alias in aliases) uses ||= Object.hasOwn(record, alias);
  if (!uses) return value;
  const aliasOf = aliasesByField(aliases);
  // Built key by key in the record's order, so the result has the shape JSON.parse gives a
  // record under the primary names (a fast object for the validator and the hash after it).
  const out: Record<string, unknown> = {};
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const field = Object.hasOwn(aliases, key) ? aliases[key] : undefined;
    if (field !== undefined) {
      if (!Object.hasOwn(record, field)) own(out, field, record[key]);
      continue;
    }
    const alias = aliasOf.get(key);
    const given = record[key];
    own(out, key, alias !== undefined && given === null ? (record[alias] ?? given) : given);
  }
  return out;
}

/** Each field's alias, per alias table (one table in practice, made once). */
const byField = new WeakMap<FieldAliases, ReadonlyMap<string, string>>();
const aliasesByField = (aliases: FieldAliases): ReadonlyMap<string, string> => {
  let map = byField.get(aliases);
  if (map === undefined) {
    map = new Map(Object.entries(aliases).map(([alias, field]) => [field, alias]));
    byField.set(aliases, map);
  }
  return map;
};

/** Sets `key` as the object's own property, whatever its name (`__proto__` included). */
const own = (target: Record<string, unknown>, key: string, value: unknown): void => {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else target[key] = value;
};
