/**
 * What validating upstream referrals costs, in-process: pages of 10,000 drawn by the stand-in's
 * generator, sent through JSON as the relay receives them, validated by the relay's record
 * validator (`recordValidator`, as the page worker runs it). Two kinds of page: every referral
 * under its primary names, and the stand-in's mix (1 in 10 sent under the alias names).
 *   tsx --conditions=@referrals/source src/tools/recordValidation.ts [pages] [rounds]
 * Prints, per kind, the median and best microseconds per record over the rounds, with the load
 * average beside them (other work on the machine shares its cores).
 */
import { loadavg } from 'node:os';
import { opportunitySchema } from '@referrals/shared';
import { recordValidator } from '../../../apps/relay/src/upstream/compiledSchema.js';
import {
  draftReferral,
  PRIMARY_NAMES,
  spell,
} from '../../../apps/upstream-sim/src/generator/referral.js';
import { Rng } from '../../../apps/upstream-sim/src/generator/prng.js';

const [pagesArg = '8', roundsArg = '15'] = process.argv.slice(2);
const PAGE = 10_000;
const pages = Number(pagesArg);
const rounds = Number(roundsArg);

/** Pages of referrals as JSON.parse gives them, the stand-in's spelling kept or not. */
function drawPages(mix: boolean): unknown[][] {
  const rng = new Rng('record-validation');
  const t0 = Date.parse('2026-03-02T10:00:00.000Z');
  return Array.from({ length: pages }, (_, p) => {
    const rows = Array.from({ length: PAGE }, (_, i) => {
      const { referral } = draftReferral(rng, p * PAGE + i + 1, t0 + i * 1000);
      return mix ? referral : spell(referral, PRIMARY_NAMES);
    });
    return JSON.parse(JSON.stringify(rows)) as unknown[];
  });
}

const validate = recordValidator(opportunitySchema);

/** Microseconds per record of each round over every page (each round validates all of them). */
function measure(all: unknown[][]): number[] {
  const perRound: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    const t = performance.now();
    for (const rows of all) for (let i = 0; i < rows.length; i += 1) validate(rows[i]);
    perRound.push(((performance.now() - t) * 1000) / (all.length * PAGE));
  }
  return perRound;
}

const fmt = (n: number) => n.toFixed(3);
for (const [kind, mix] of [
  ['plain', false],
  ['1 in 10 aliased', true],
] as const) {
  const all = drawPages(mix);
  const aliased = all.flat().filter((r) => 'linesOfBusiness' in (r as object)).length;
  measure(all.slice(0, 2)); // warm-up: compiled code before the timed rounds
  const us = measure(all).sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({
      kind,
      records: all.length * PAGE,
      aliased,
      medianUsPerRecord: fmt(us[Math.floor(us.length / 2)] as number),
      bestUsPerRecord: fmt(us[0] as number),
      loadavg: loadavg().map((l) => +l.toFixed(2)),
    })}\n`,
  );
}
