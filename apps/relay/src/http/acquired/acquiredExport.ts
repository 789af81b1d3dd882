/**
 * `GET /api/acquired/export.csv`: the whole filtered acquired list (not one page) as CSV, with
 * the screen's columns, progress and follow-up.
 * Invariant: an export holds at most `EXPORT_MAX_ROWS` rows (a larger list is refused with a
 * reason), and no cell is ever run by a spreadsheet as a formula.
 */
import { stringify } from 'csv-stringify/sync';
import {
  API,
  acquiredColumns,
  boughtExportFileName,
  businessLinesText,
  categoryText,
  fullName,
  PROGRESS_STATUS_DISPLAY,
  ProgressStatus,
  type Opportunity,
} from '@referrals/shared';
import { pipelinesOf, type PipelineStore } from '../../db/pipeline.js';
import { nextSlice } from '../../lib/slices.js';
import { fail, principalOf, type ApiResponse, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { EXPORT_MAX_ROWS, filteredRows, SLICE } from './filtered.js';
import { acquiredScopeOf, parseAcquiredQuery } from './query.js';

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
 * RFC 4180 rows (CRLF, quotes doubled, quoted where needed). A cell that starts with = + - @
 * (or a tab or carriage return) is prefixed with ', so a spreadsheet never runs it as a formula.
 */
function csv(rows: readonly (readonly (string | number)[])[]): string {
  return stringify(rows as (string | number)[][], {
    record_delimiter: '\r\n',
    escape_formulas: true,
  });
}

/** The CSV text of the rows: a header, then each row with its progress and follow-up. */
async function csvOf(
  rows: readonly Opportunity[],
  isAdmin: boolean,
  pipeline: PipelineStore,
): Promise<string> {
  const columns = acquiredColumns(isAdmin).filter((c) => c.id in CSV_CELLS);
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
  return parts.join('');
}

export function acquiredExportRoute(d: GatewayDeps, pipeline: PipelineStore): Route {
  return {
    ...API.acquiredExport,
    guard: 'signedIn',
    handler: async (req): Promise<ApiResponse> => {
      const p = principalOf(req);
      const parsed = parseAcquiredQuery(req);
      if (!parsed.ok) return parsed.answer;
      const mine = await acquiredScopeOf(d.profiles, p);
      const { rows } = mine
        ? await filteredRows(
            d.readModel.referralIndex,
            pipeline,
            mine.scope,
            parsed.query,
            parsed.filter,
          )
        : { rows: [] as Opportunity[] };
      if (rows.length > EXPORT_MAX_ROWS) {
        return fail(
          400,
          `The export holds at most ${EXPORT_MAX_ROWS.toLocaleString('en-US')} referrals; narrow the filters.`,
        );
      }
      const text = await csvOf(rows, p.access.isAdmin, pipeline);
      const day = d.now().toISOString().slice(0, 10);
      return {
        status: 200,
        // UTF-8 with a byte-order mark, so a spreadsheet reads accents and symbols right.
        bytes: Buffer.from(`\uFEFF${text}`, 'utf8'),
        contentType: 'text/csv; charset=utf-8',
        headers: {
          'content-disposition': `attachment; filename="${boughtExportFileName(p.access, day)}"`,
        },
      };
    },
  };
}
