/**
 * `GET /api/delivery-stats` and `GET /api/delivery-errors`: how deliveries to the marketplaces
 * went, for admins.
 * Invariant: answered from the read model alone; the errors' pages are cut from the latest
 * page the poll read, 1-based as the screen counts them.
 */
import { API, parseQuery, QUERIES } from '@referrals/shared';
import type { ReadModel } from '../../readModel/api.js';
import { fail, ok, wholeStream, type Route } from '../api.js';

export function deliveryRoutes(readModel: ReadModel): Route[] {
  return [
    {
      ...API.deliveryStats,
      guard: 'admin',
      handler: () => wholeStream(readModel.deliveryStats),
    },
    {
      ...API.deliveryErrors,
      guard: 'admin',
      handler: (req) => {
        // Screen pages are 1-based, 5 rows (marketplace-admin section 9).
        const q = parseQuery(QUERIES.deliveryErrors, req.query);
        if (!q.ok) return Promise.resolve(fail(400, 'invalid delivery errors query', q.errors));
        const { page, size } = q.value;
        const latest = readModel.deliveryErrors.get('page0');
        const all = latest?.content ?? [];
        const total = latest?.totalElements ?? 0;
        return Promise.resolve(
          ok({
            seq: readModel.deliveryErrors.seq,
            page,
            size,
            totalElements: total,
            totalPages: Math.ceil(total / size),
            content: all.slice((page - 1) * size, page * size),
          }),
        );
      },
    },
  ];
}
