import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../bridge/protocol/messages.ts';
import type { BridgeServer } from '../../bridge/server/bridgeServer.ts';
import { SECRET, connectFakeDevice, startBridge } from './helpers.ts';

let server: BridgeServer;
beforeAll(async () => {
  ({ server } = await startBridge());
});
afterAll(() => server.close());

/** A raw request: the path goes on the wire exactly as given (fetch would normalise `..`). */
function get(path: string, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files', () => {
  it('content-hashed assets are cached for good (every page after the first skips the megabytes of fonts); html never', async () => {
    expect((await get('/assets/noto-400-Ba7eOkfT.woff2')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/phone.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/phone.html')).headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['/phone.html', 'text/html; charset=utf-8'],
    ['/studio.html', 'text/html; charset=utf-8'],
    ['/assets/phone.js', 'text/javascript; charset=utf-8'],
    ['/assets/app.css', 'text/css; charset=utf-8'],
    ['/assets/font.woff2', 'font/woff2'],
    ['/assets/font.woff', 'font/woff'],
    ['/assets/icon.svg', 'image/svg+xml'],
    ['/assets/img.png', 'image/png'],
    ['/assets/photo.jpg', 'image/jpeg'],
    ['/assets/data.json', 'application/json; charset=utf-8'],
    ['/assets/phone.js.map', 'application/json; charset=utf-8'],
  ])('serves %s as %s', async (path, type) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends html uncached with a CSP that allows no network resource', async () => {
    const res = await get('/phone.html?device=p1&token=abc');
    expect(res.body).toContain('<title>phone</title>');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self'");
    expect(csp).not.toMatch(/\*|https?:/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect((await get('/assets/phone.js')).headers['content-security-policy']).toBeUndefined();
  });

  it('answers a missing file with a 404 text', async () => {
    const res = await get('/nope.js');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('not found: /nope.js');
  });

  it.each([
    '/../package.json',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%5csecret.txt',
    '/%2e%2e%5csecret.txt',
    '//../secret.txt',
    '/assets/link.txt',
    '/.hidden',
    '/phone.html%00.js',
    '/%E0%A4%A',
    '/assets',
  ])('does not serve %s from outside the web root', async (path) => {
    const res = await get(path);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain(SECRET);
  });

  it('refuses writes', async () => {
    const res = await get('/phone.html', 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('answers HEAD without a body', async () => {
    const res = await get('/assets/app.css', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String('body{margin:0}'.length));
    expect(res.body).toBe('');
  });

  it('redirects / to the studio, keeping only a token given in the query', async () => {
    expect((await get('/')).headers.location).toBe('/studio.html');
    expect((await get('/?token=abc123&x=1')).headers.location).toBe('/studio.html?token=abc123');
    expect((await get('/')).status).toBe(302);
  });

  it('reports health as JSON', async () => {
    await connectFakeDevice(server, 'h1');
    const res = await get('/healthz');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({ ok: true, protocol: PROTOCOL_VERSION, devices: 1 });
  });

  it('tells plain HTTP requests to socket paths to upgrade', async () => {
    const res = await get('/ws/device');
    expect(res.status).toBe(426);
  });
});
