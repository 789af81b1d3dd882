/** A GET of the stand-in's opportunity API at `sim` (its basic auth), answered as JSON. */
export const simGet =
  (sim: string) =>
  async (path: string): Promise<unknown> => {
    const auth = `Basic ${Buffer.from('opportunity-console:').toString('base64')}`;
    const res = await fetch(`${sim}${path}`, { headers: { authorization: auth } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json();
  };
