/** A GET of the stand-in's opportunity API at `sim` (its basic auth), answered as JSON. */
export const simGet =
  (sim: string) =>
  async (path: string): Promise<unknown> => {
    const auth = `Basic ${Buffer.from('opportunity-console:').toString('base64')}`;
    const res = await fetch(`${sim}${path}`, { headers: { authorization: auth } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json();
  };

/**
 * The stand-in's first `want` referrals as a relay's first load reads them (pages of 10,000,
 * oldest first), each page's rows handed to `take` (a validator) before the next page is read.
 */
export async function readReferrals<T>(
  get: (path: string) => Promise<unknown>,
  want: number,
  take: (rows: unknown[]) => T[],
): Promise<T[]> {
  const records: T[] = [];
  for (let page = 0; records.length < want; page += 1) {
    const body = (await get(
      `/api/v1/marketplace-opportunities?page=${page}&size=10000&sort=addDate,asc`,
    )) as { content: unknown[] };
    if (body.content.length === 0) break;
    records.push(...take(body.content.slice(0, want - records.length)));
  }
  return records;
}
