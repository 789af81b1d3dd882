import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingNodeFlags, RELAY_NODE_FLAGS } from './nodeFlags.js';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

describe("the relay's Node flags", () => {
  it('are given by every way the relay is started', () => {
    const dockerfile = read('deploy/Dockerfile');
    const start = (JSON.parse(read('apps/relay/package.json')) as { scripts: { start: string } })
      .scripts.start;
    const quoted = RELAY_NODE_FLAGS.map((f) => `"${f}"`).join(', ');
    expect(dockerfile).toContain(`CMD ["node", ${quoted}, "apps/relay/dist/main.js"]`);
    expect(start).toBe(`node ${RELAY_NODE_FLAGS.join(' ')} dist/main.js`);
    // npm start and the bench take them from nodeFlags.ts itself.
    expect(read('scripts/start.mjs')).toMatch(/run\(\s*'relay'[\s\S]*RELAY_NODE_FLAGS,?\s*\);/);
    expect(read('bench/src/stack.ts')).toMatch(/\.\.\.RELAY_NODE_FLAGS,\s*(\/\/.*\s*)*`--inspect/);
  });

  it('are named at start-up when missing', () => {
    expect(missingNodeFlags(['--inspect', ...RELAY_NODE_FLAGS])).toEqual([]);
    expect(missingNodeFlags(['--inspect'])).toEqual([...RELAY_NODE_FLAGS]);
  });
});
