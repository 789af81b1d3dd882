/**
 * `PUT /api/marketplaces/:id`: saves one marketplace, and the one save path every change of a
 * marketplace takes (the admin's form, an agency's pause and caps, a pause the poll owner applies).
 * Invariant: the save is checked against the version the caller loaded, re-read from the upstream
 * under a cluster-wide lock on the marketplace; a stale save is refused with 409 and the current
 * state, never applied over another admin's work.
 */
import { API, marketplaceSchema, type Marketplace } from '@referrals/shared';
import * as yup from 'yup';
import { versionOf } from '../../readModel/api.js';
import { commitAndSee } from '../commitAndSee.js';
import {
  auditUpdateOf,
  fail,
  idParam,
  ok,
  upstreamFailure,
  type ApiResponse,
  type Route,
} from '../api.js';
import { validateBody } from '../validateBody.js';
import { formRuleErrors, withVersion, type MarketplaceContext } from './context.js';

const updateBody = yup.object({
  version: yup.string().required('version is required'),
  marketplace: marketplaceSchema.required(),
});

/** One save of a marketplace: what it becomes, from the upstream's current record. */
export interface MarketplaceSave {
  readonly id: number;
  /** The version the caller loaded (null: a change of the relay's own, e.g. a pause's end). */
  readonly version: string | null;
  /** The marketplace to store, made from the upstream's current one (a refusal answers as is). */
  readonly change: (
    fresh: Marketplace,
  ) => Marketplace | ApiResponse | Promise<Marketplace | ApiResponse>;
  /**
   * Whether the form's rules are checked (default true). A change that touches only fields with
   * rules of its own (the switch, the caps) skips them, as the list's save does, so a record the
   * form would refuse for another reason does not block a pause.
   */
  readonly checkForm?: boolean;
  /** Runs under the same lock once the upstream holds the save (the relay's own records). */
  readonly afterSave?: (saved: Marketplace, fresh: Marketplace) => Promise<void>;
}

const isAnswer = (x: Marketplace | ApiResponse): x is ApiResponse => 'status' in x;

/**
 * Saves a marketplace upstream under the cluster-wide lock on it: re-read, checked against the
 * version the caller loaded (409 with the current one), checked against the form's rules (400),
 * stored, committed so the caller's next read shows it, and a poll asked for.
 */
export function saveMarketplace(
  c: MarketplaceContext,
  save: MarketplaceSave,
): Promise<ApiResponse> {
  const { d, sources } = c;
  const { id } = save;
  return d.withLock(`marketplace:${id}`, async () => {
    try {
      const fresh = await d.upstream.marketplace(id);
      if (save.version !== null && versionOf(fresh) !== save.version) {
        // The read model takes the upstream's record now, so a reload names its version (it may
        // have been changed behind the relay's back, the poll not there yet).
        await commitAndSee(d, 'marketplaces', fresh, (m) => m.id);
        return fail(
          409,
          'This marketplace was changed by someone else. Reload it to see their changes.',
          withVersion(fresh),
        );
      }
      const next = await save.change(fresh);
      if (isAnswer(next)) return next;
      const problems = save.checkForm === false ? [] : await formRuleErrors(next, sources);
      if (problems.length > 0) return fail(400, 'invalid marketplace', problems);
      const saved = await d.upstream.updateMarketplace(next);
      await commitAndSee(d, 'marketplaces', saved, (m) => m.id);
      await save.afterSave?.(saved, fresh);
      void d.pollNow();
      return ok(withVersion(saved));
    } catch (err) {
      return upstreamFailure(err, `update marketplace ${id}`);
    }
  });
}

export function updateMarketplaceRoute(c: MarketplaceContext): Route {
  return {
    ...API.updateMarketplace,
    guard: 'admin',
    write: true,
    audit: auditUpdateOf('marketplace.update', 'marketplace', c.d.readModel.marketplaces),
    handler: async (req) => {
      const id = idParam(req);
      const body = validateBody(updateBody, req.body);
      if (!body.ok) return body.answer;
      if (id === undefined || body.value.marketplace.id !== id)
        return fail(400, 'the marketplace id does not match the address');
      const { version, marketplace } = body.value;
      return saveMarketplace(c, { id, version, change: () => marketplace });
    },
  };
}
