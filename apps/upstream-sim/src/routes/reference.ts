import type { SimContext } from '../context.js';
import { bankHolidays } from '../generator/bankHolidays.js';
import { NAICS_CODES } from '../generator/naics.js';
import { badRequest } from './http.js';
import { Routes } from './table.js';

/** Reference data of the marketplace form: six-digit NAICS codes and bank holidays. */
export function referenceRoutes(ctx: SimContext): Routes {
  const routes = new Routes(ctx.table);
  routes.get('/api/v1/industry/codes/6D', (_req, res) => {
    res.json(NAICS_CODES);
  });
  routes.get('/api/v3/bank-holidays/:year', (req, res) => {
    const text = req.params.year as string;
    if (!/^\d{4}$/.test(text) || Number(text) < 1900) {
      throw badRequest(`Bank holidays: '${text}' is not a year (YYYY, 1900 or later).`);
    }
    res.json(bankHolidays(Number(text)));
  });
  return routes;
}
