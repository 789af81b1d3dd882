/**
 * Which objects grew between two heap snapshots, per socket:
 *   tsx src/tools/heapDiff.ts results/profiles/relay-0-clients.heapsnapshot results/profiles/relay-1000-clients.heapsnapshot 1000
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size and count by "type:constructor name". */
function bySize(file: string): Map<string, { size: number; count: number }> {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const f = s.snapshot.meta.node_fields;
  const width = f.length;
  const [iType, iName, iSize] = [f.indexOf('type'), f.indexOf('name'), f.indexOf('self_size')];
  const types = s.snapshot.meta.node_types[0];
  const out = new Map<string, { size: number; count: number }>();
  for (let i = 0; i < s.nodes.length; i += width) {
    const type = types[s.nodes[i + iType] ?? 0] ?? '?';
    const name =
      type === 'object' || type === 'closure' ? (s.strings[s.nodes[i + iName] ?? 0] ?? '?') : '';
    const key = `${type}:${name.slice(0, 60)}`;
    const e = out.get(key) ?? { size: 0, count: 0 };
    e.size += s.nodes[i + iSize] ?? 0;
    e.count += 1;
    out.set(key, e);
  }
  return out;
}

const [a, b, n] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: heapDiff <before> <after> [sockets]');
const per = Number(n ?? 1);
const before = bySize(a);
const after = bySize(b);
const rows = [...after.entries()]
  .map(([k, v]) => ({
    k,
    size: v.size - (before.get(k)?.size ?? 0),
    count: v.count - (before.get(k)?.count ?? 0),
  }))
  .sort((x, y) => y.size - x.size);
const totalGrowth = rows.reduce((t, r) => t + r.size, 0);
process.stdout.write(`total growth ${(totalGrowth / per / 1024).toFixed(1)} KB per socket\n`);
for (const r of rows.slice(0, 30)) {
  process.stdout.write(
    `${(r.size / per).toFixed(0).padStart(8)} B/socket ${(r.count / per).toFixed(1).padStart(7)} objs/socket  ${r.k}\n`,
  );
}
