import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { authHeader, createTestApp, loginAs } from '../../test/helpers';
import { chooseEncoding } from './compression';
import { frontendPlugin } from './frontend';

describe('compression', () => {
  describe('JSON answers of the API', () => {
    let app: FastifyInstance;
    let director: string;
    beforeAll(async () => {
      app = await createTestApp();
      director = await loginAs(app, 'director');
    });
    afterAll(() => app.close());

    it('compress an answer above 1 KB with the encoding the client accepts', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/students?per_page=50',
        headers: { ...authHeader(director), 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      const body = JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'));
      expect(body.data).toHaveLength(50);
      expect(response.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 3);
    });

    it('fall back to gzip when brotli is not accepted, with the length of what is sent', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/students?per_page=50',
        headers: { ...authHeader(director), 'accept-encoding': 'br;q=0, gzip' },
      });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8')).data).toHaveLength(50);
    });

    it('choose br before gzip, honour q=0 and *', () => {
      expect(chooseEncoding('gzip, deflate, br')).toBe('br');
      expect(chooseEncoding('gzip;q=1.0, br;q=0.0')).toBe('gzip');
      expect(chooseEncoding('*')).toBe('gzip');
      expect(chooseEncoding('identity')).toBeUndefined();
      expect(chooseEncoding(undefined)).toBeUndefined();
    });

    it('leave small answers and clients without Accept-Encoding alone', async () => {
      const small = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'accept-encoding': 'br' },
      });
      expect(small.headers['content-encoding']).toBeUndefined();
      const plain = await app.inject({
        method: 'GET',
        url: '/api/students?per_page=50',
        headers: authHeader(director),
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json().data).toHaveLength(50);
    });
  });

  describe('built front-end files', () => {
    let web: string;
    let app: FastifyInstance;
    const script = `console.log(${JSON.stringify('Parta '.repeat(400))});`;

    beforeAll(async () => {
      web = mkdtempSync(path.join(os.tmpdir(), 'parta-web-'));
      mkdirSync(path.join(web, 'host'));
      writeFileSync(path.join(web, 'host', 'index.html'), '<!doctype html><div id="root"></div>');
      const file = path.join(web, 'host', 'main.0123456789.js');
      writeFileSync(file, script);
      writeFileSync(`${file}.br`, brotliCompressSync(script));
      writeFileSync(`${file}.gz`, gzipSync(script));
      app = Fastify();
      await app.register(frontendPlugin, { webDir: web });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      rmSync(web, { recursive: true, force: true });
    });

    it('send the precompressed copy the browser accepts, cached forever', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/main.0123456789.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(script);
    });

    it('fall back to gzip, then to the plain file', async () => {
      const gzip = await app.inject({
        method: 'GET',
        url: '/main.0123456789.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      const plain = await app.inject({ method: 'GET', url: '/main.0123456789.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    });
  });
});
