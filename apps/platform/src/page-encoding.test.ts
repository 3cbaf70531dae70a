import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePage } from './page-encoding.ts';

const html = `<!doctype html><html><head>${'<script>x</script>'.repeat(500)}</head></html>`;

describe('the embed page’s encoding', () => {
  it('is brotli where the browser takes it, and decodes to the page', () => {
    const { body, encoding } = encodePage(html, 'gzip, deflate, br, zstd');
    expect(encoding).toBe('br');
    expect(brotliDecompressSync(body as Buffer).toString()).toBe(html);
    expect((body as Buffer).byteLength).toBeLessThan(html.length / 4);
  });

  it('is gzip where brotli is not taken, refused included', () => {
    const { body, encoding } = encodePage(html, 'gzip, br;q=0');
    expect(encoding).toBe('gzip');
    expect(gunzipSync(body as Buffer).toString()).toBe(html);
  });

  it('is the page as it is where neither is taken', () => {
    expect(encodePage(html, undefined)).toEqual({ body: html, encoding: null });
    expect(encodePage(html, 'identity')).toEqual({ body: html, encoding: null });
  });
});
