/**
 * The import graph of TypeScript sources and its cycles (importCycles.test.ts). Invariant: every
 * relative import counts, type-only ones included.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.tsx?$/;

/** Every TypeScript file under a folder, but dependencies and build output. */
function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourcesUnder(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a relative specifier names: NodeNext ('./x.js') or bundler style ('./x'). */
function resolveSpecifier(from: string, specifier: string, files: ReadonlySet<string>) {
  const base = resolve(from, '..', specifier);
  const stem = base.replace(/\.js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts')];
  return candidates.find((c) => files.has(c));
}

/**
 * The import graph of the TypeScript sources under some folders: each file and the files it
 * imports or re-exports by relative path, type-only imports included (they tie modules as much
 * as value imports when the code is read, and madge counts them too).
 */
export function importGraph(dirs: readonly string[]): Map<string, string[]> {
  const files = new Set(dirs.flatMap(sourcesUnder));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((s) => s.startsWith('./') || s.startsWith('../'))
      .map((s) => resolveSpecifier(file, s, files))
      .filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import cycles of a graph: each strongly connected set of two or more files (or a file that
 * imports itself), as its files in one cycle's order (Tarjan's algorithm, then a path round it).
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const members: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length > 1 || (graph.get(v) ?? []).includes(v))
      cycles.push(pathRound(graph, members));
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/** One cycle through a strongly connected set, from its first file back to it. */
function pathRound(graph: ReadonlyMap<string, readonly string[]>, members: string[]): string[] {
  const inSet = new Set(members);
  const start = [...members].sort()[0]!;
  // Breadth-first from the start back to itself, within the set.
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inSet.has(w) || from.has(w)) continue;
      from.set(w, v);
      if (w === start) queue.length = 0;
      else queue.push(w);
    }
  }
  const back: string[] = [];
  for (let v = from.get(start)!; v !== start; v = from.get(v)!) back.push(v);
  return [start, ...back.reverse()];
}
