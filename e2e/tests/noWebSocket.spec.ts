import { createServer, request, type Server } from 'node:http';
import { expect, simControl, stack, test, type SimReferral } from '../src/fixtures.js';

/**
 * A corporate proxy in front of the relay that passes plain HTTP but answers every WebSocket
 * upgrade with 403, as some agencies' networks do.
 */
function startNoWebSocketProxy(port: number, target: string): Promise<Server> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const upstream = request(
      {
        hostname: to.hostname,
        port: to.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: to.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('upgrade', (_req, socket) => {
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  return new Promise((resolve) => server.listen(port, 'localhost', () => resolve(server)));
}

let proxy: Server;
test.beforeAll(async () => {
  const port = Number(process.env.E2E_NO_WEBSOCKET_PORT);
  if (!port) throw new Error('the e2e global setup reserved no port for the proxy');
  proxy = await startNoWebSocketProxy(port, stack().baseUrl);
});
test.afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
});

test.describe('behind a proxy that refuses WebSockets', () => {
  test('the console falls back to long-polling and still shows live changes', async ({ page }) => {
    const upgrades: string[] = [];
    const polls: string[] = [];
    page.on('websocket', (ws) => upgrades.push(ws.url()));
    page.on('request', (req) => {
      if (req.url().includes('/socket.io/') && req.url().includes('transport=polling'))
        polls.push(req.url());
    });
    await page.goto(`http://localhost:${process.env.E2E_NO_WEBSOCKET_PORT}/public-referrals`);
    await expect(page.getByRole('grid')).toBeVisible();
    // The WebSocket was tried and refused: the live data comes over polling.
    await expect.poll(() => upgrades.length).toBeGreaterThan(0);
    await expect.poll(() => polls.length).toBeGreaterThan(0);

    await simControl<SimReferral>('POST', '/__sim/referrals', {
      state: 'TX',
      city: 'Muleshoe',
      opportunityType: 'CIR',
    });
    // Without a reload: the change arrives over the long-polling connection.
    await expect(page.getByText('Muleshoe').first()).toBeVisible({ timeout: 10_000 });
  });
});
