/**
 * Writes the README's Scale table from results/latest.json (`npm run scale-table -w bench`, after
 * a bench run): the block between the scale-table markers is replaced, the rest left as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderScaleTable, replaceScaleBlock, type Latest } from './scaleTable.js';

const readmePath = fileURLToPath(new URL('../../../README.md', import.meta.url));
const latestPath = fileURLToPath(new URL('../../results/latest.json', import.meta.url));

const latest = JSON.parse(readFileSync(latestPath, 'utf8')) as Latest;
const readme = readFileSync(readmePath, 'utf8');
const next = replaceScaleBlock(readme, await renderScaleTable(latest, readmePath));
if (next === readme) {
  process.stdout.write('README.md: the Scale table already matches results/latest.json\n');
} else {
  writeFileSync(readmePath, next);
  process.stdout.write('README.md: Scale table written from results/latest.json\n');
}
