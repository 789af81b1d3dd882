import { stringify } from 'csv-stringify/sync';
import {
  API,
  acquiredColumns,
  businessLinesText,
  conversionOf,
  DATE_FILTER_SPAN_MS,
  type ConversionInput,
  type DateFilter,
  boughtExportFileName,
  categoryText,
  fullName,
  parseQuery,
  parseReferralQuery,
  progressFilterSchema,
  QUERIES,
  PROGRESS_STATUS_DISPLAY,
  ProgressStatus,
  type Opportunity,
  type ReferralQuery,
} from '@referrals/shared';
import type { Principal } from '../auth/verify.js';
import { pipelinesOf, type PipelineStore } from '../db/pipeline.js';
import type { ReturnStore } from '../db/returns.js';
import { BOUGHT, boughtBy, withState, type ListScope } from '../readModel/api.js';
import { nextSlice } from '../lib/slices.js';
import { fail, ok, principalOf, type ApiRequest, type ApiResponse, type Route } from './api.js';
import type { GatewayDeps } from './deps.js';
import { emptyPage, loadingNoteOf, PAGE_SIZE } from './referrals.js';

/** Most rows one export holds; a larger list is refused with a reason (narrow the filters). */
export const EXPORT_MAX_ROWS = 200_000;

/** Rows read from the index, and pipelines from the database, per slice of an export. */
const SLICE = 2000;

/** The progress filters of the acquired list, beside the list query. */
export interface ProgressFilter {
  /** Keep only these statuses (a referral nobody worked is Open); null keeps every one. */
  readonly statuses: ReadonlySet<ProgressStatus> | null;
  /** Keep only follow-ups due on or before this day (the caller's today, YYYY-MM-DD). */
  readonly dueBy: string | null;
}

/** Reads `progress` (statuses separated by commas) and `followUpDue` (a day) from a query. */
export function parseProgressFilter(
  params: Readonly<Record<string, unknown>>,
): { ok: true; filter: ProgressFilter } | { ok: false; errors: string[] } {
  const parsed = parseQuery(progressFilterSchema, params);
  if (!parsed.ok) return parsed;
  const { progress, followUpDue } = parsed.value;
  return {
    ok: true,
    filter: {
      statuses: progress === undefined ? null : new Set(progress.split(',') as ProgressStatus[]),
      dueBy: followUpDue ?? null,
    },
  };
}

/** A CSV cell of each column the acquired screens show (ISO dates, plain numbers). */
const CSV_CELLS: Readonly<Record<string, (o: Opportunity) => string | number>> = {
  acquired: (o) => o.lastModDate ?? '',
  agency: (o) => o.assignedAgency ?? '',
  soldPrice: (o) => o.soldPrice ?? '',
  opportunityType: (o) => o.opportunityType,
  name: (o) => fullName(o),
  phone: (o) => o.phone ?? '',
  email: (o) => o.email ?? '',
  city: (o) => o.city ?? '',
  state: (o) => o.state ?? '',
  category: (o) => categoryText(o),
  businessLines: (o) => businessLinesText(o),
};

/**
 * The acquired list (an agency's purchases; every agency's, the Claim-It Transactions, for
 * admins), its progress filters, and its CSV export.
 */
export function acquiredRoutes(
  d: GatewayDeps,
  pipeline: PipelineStore,
  returns: ReturnStore,
): Route[] {
  const { readModel, profiles } = d;
  const index = readModel.referralIndex;

  /** The scope of the caller's acquired list, or null for a user with no agency. */
  async function scopeOf(
    p: Principal,
  ): Promise<{ scope: ListScope; agency: string | null } | null> {
    if (p.access.isAdmin) return { scope: BOUGHT, agency: null };
    const { agencyName } = await profiles.resolve(p);
    return agencyName === null ? null : { scope: boughtBy(agencyName), agency: agencyName };
  }

  function parse(req: ApiRequest) {
    const q = parseReferralQuery(req.query, {
      dateFilter: '48hours',
      showClaimed: true,
      sort: { key: 'lastModDate', direction: 'desc' },
      size: PAGE_SIZE,
    });
    const f = parseProgressFilter(req.query);
    const errors = [...(q.ok ? [] : q.errors), ...(f.ok ? [] : f.errors)];
    if (!q.ok || !f.ok)
      return { ok: false as const, answer: fail(400, 'invalid list query', errors) };
    return { ok: true as const, query: q.query, filter: f.filter };
  }

  /** Whether a progress filter is on (else the index answers pages directly). */
  const filtering = (f: ProgressFilter) => f.statuses !== null || f.dueBy !== null;

  /**
   * Every referral of the list in its order, narrowed by the progress filter: one pass over the
   * list (an agency's purchases; all of them for admins) and one read of its pipelines.
   */
  async function filtered(scope: ListScope, q: ReferralQuery, f: ProgressFilter) {
    const all = await index.page(withState(scope, q.state), {
      ...q,
      page: 0,
      size: EXPORT_MAX_ROWS + 1,
    });
    if (!filtering(f)) return { seq: all.seq, rows: all.content };
    const keep = new Set<number>();
    for (let i = 0; i < all.content.length; i += SLICE) {
      const slice = all.content.slice(i, i + SLICE);
      const pipelines = await pipelinesOf(pipeline, slice);
      for (const p of pipelines) {
        const statusOk = f.statuses === null || f.statuses.has(p.status);
        const dueOk = f.dueBy === null || (p.followUpOn !== null && p.followUpOn <= f.dueBy);
        if (statusOk && dueOk) keep.add(p.referralId);
      }
    }
    return { seq: all.seq, rows: all.content.filter((o) => keep.has(o.opportunityId)) };
  }

  const loadingNote = () => loadingNoteOf(readModel);

  return [
    {
      ...API.acquired,
      guard: 'signedIn',
      handler: async (req) => {
        const parsed = parse(req);
        if (!parsed.ok) return parsed.answer;
        const { query: q, filter } = parsed;
        const mine = await scopeOf(principalOf(req));
        if (!mine) {
          return ok({ ...emptyPage(index.seq, q), ...loadingNote() });
        }
        if (!filtering(filter)) {
          const page = await index.page(withState(mine.scope, q.state), q, req.signal);
          return ok({ ...page, ...loadingNote() });
        }
        const { seq, rows } = await filtered(mine.scope, q, filter);
        return ok({
          seq,
          content: rows.slice(q.page * q.size, (q.page + 1) * q.size),
          totalElements: rows.length,
          page: q.page,
          size: q.size,
          ...loadingNote(),
        });
      },
    },
    {
      ...API.conversion,
      guard: 'signedIn',
      // What the purchases of a window turned into: the caller's agency's, or for admins the
      // market's with each agency's. Read again by the dashboard when progress or returns change.
      handler: async (req) => {
        const p = principalOf(req);
        const q = parseQuery(QUERIES.conversion, req.query);
        if (!q.ok) return fail(400, 'invalid conversion query', q.errors);
        const dateFilter = (q.value.dateFilter as DateFilter | undefined) ?? '30days';
        const mine = await scopeOf(p);
        if (!mine) return fail(403, 'your account has no agency');
        const all = await index.page(mine.scope, {
          dateFilter,
          showClaimed: true,
          sort: null,
          page: 0,
          size: EXPORT_MAX_ROWS,
        });
        const rows: ConversionInput[] = [];
        for (let i = 0; i < all.content.length; i += SLICE) {
          const slice = all.content.slice(i, i + SLICE);
          const pipelines = await pipelinesOf(pipeline, slice);
          const returned = await returns.ofReferrals(slice.map((o) => o.opportunityId));
          slice.forEach((o, j) => {
            const r = returned.get(o.opportunityId);
            rows.push({
              agency: o.assignedAgency ?? '',
              businessLines: o.businessLines,
              source: o.source,
              state: o.state,
              soldPrice: o.soldPrice,
              status: pipelines[j]?.status ?? ProgressStatus.Open,
              returnState: r?.state ?? null,
              credit: r?.credit ?? null,
            });
          });
          await nextSlice();
        }
        const since = new Date(d.now().getTime() - DATE_FILTER_SPAN_MS[dateFilter]);
        return ok({
          seq: all.seq,
          scope: mine.agency === null ? 'market' : 'agency',
          agency: mine.agency,
          ...conversionOf(rows, { since: since.toISOString(), byAgency: mine.agency === null }),
        });
      },
    },
    {
      ...API.acquiredExport,
      guard: 'signedIn',
      // The whole filtered list (not one page) with the screen's columns, progress and follow-up.
      handler: async (req): Promise<ApiResponse> => {
        const p = principalOf(req);
        const parsed = parse(req);
        if (!parsed.ok) return parsed.answer;
        const mine = await scopeOf(p);
        const { rows } = mine
          ? await filtered(mine.scope, parsed.query, parsed.filter)
          : { rows: [] as Opportunity[] };
        if (rows.length > EXPORT_MAX_ROWS) {
          return fail(
            400,
            `The export holds at most ${EXPORT_MAX_ROWS.toLocaleString('en-US')} referrals; narrow the filters.`,
          );
        }
        const columns = acquiredColumns(p.access.isAdmin).filter((c) => c.id in CSV_CELLS);
        const parts: string[] = [csv([[...columns.map((c) => c.header), 'Progress', 'Follow-up']])];
        for (let i = 0; i < rows.length; i += SLICE) {
          const slice = rows.slice(i, i + SLICE);
          const pipelines = await pipelinesOf(pipeline, slice);
          parts.push(
            csv(
              slice.map((o, j) => [
                ...columns.map((c) => CSV_CELLS[c.id]?.(o) ?? ''),
                PROGRESS_STATUS_DISPLAY[pipelines[j]?.status ?? ProgressStatus.Open].label,
                pipelines[j]?.followUpOn ?? '',
              ]),
            ),
          );
          // A large export leaves room for sockets and other requests between slices.
          await nextSlice();
        }
        const day = d.now().toISOString().slice(0, 10);
        return {
          status: 200,
          // UTF-8 with a byte-order mark, so a spreadsheet reads accents and symbols right.
          bytes: Buffer.from(`\uFEFF${parts.join('')}`, 'utf8'),
          contentType: 'text/csv; charset=utf-8',
          headers: {
            'content-disposition': `attachment; filename="${boughtExportFileName(p.access, day)}"`,
          },
        };
      },
    },
  ];
}

/**
 * RFC 4180 rows (CRLF, quotes doubled, quoted where needed). A cell that starts with = + - @
 * (or a tab or carriage return) is prefixed with ', so a spreadsheet never runs it as a formula.
 */
function csv(rows: readonly (readonly (string | number)[])[]): string {
  return stringify(rows as (string | number)[][], {
    record_delimiter: '\r\n',
    escape_formulas: true,
  });
}
