import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './testkit/importGraph.testkit.js';

const root = resolve(fileURLToPath(import.meta.url), '../../../..');

describe('import cycles', () => {
  // The other workspaces' sources are only read here, as text: the relay imports none of them.
  it('has none in any workspace, type-only imports included', () => {
    const dirs = [
      'apps/relay/src',
      'apps/web/src',
      'apps/upstream-sim/src',
      'packages/shared/src',
      'bench/src',
      'e2e',
    ].map((d) => join(root, d));
    const cycles = importCycles(importGraph(dirs)).map((c) => c.map((f) => relative(root, f)));
    expect(cycles).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a cycle made by a type-only import, and names its files in order', () => {
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = b;\n");
    writeFileSync(join(dir, 'b.ts'), "import type { C } from './c';\nexport const b = 1 as C;\n");
    writeFileSync(join(dir, 'c.ts'), "export type { A } from './a.js';\nexport type C = number;\n");
    writeFileSync(join(dir, 'd.ts'), "import { a } from './a.js';\nexport const d = a;\n");
    const cycles = importCycles(importGraph([dir]));
    expect(cycles.map((c) => c.map((f) => relative(dir, f)))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
