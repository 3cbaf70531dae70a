// A plain static file server for the conformance corpus: what a CDN in front of a classic
// packager serves. No blocking playlist reload, no LL-HLS parts, no knowledge of HLS at all:
// files by path, single byte ranges (EXT-X-BYTERANGE), content types by extension, CORS for
// any origin, playlists never cached. Node's http alone, no dependencies.
//
//   node --import tsx tests/conformance/static-server.ts DIR [PORT] [HOST]
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.ts': 'video/mp2t',
  '.aac': 'audio/aac',
  '.vtt': 'text/vtt; charset=utf-8',
  '.key': 'application/octet-stream',
};

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': '*',
  'access-control-expose-headers': '*',
};

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a file of `size` bytes; null: not one satisfiable range. */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

/**
 * Serves `root` on `port` (0: any free one). Resolves with the server's origin, a log of the
 * requests (method, path, status) and close().
 */
export interface StaticServer {
  origin: string;
  port: number;
  /** Every request answered, in order (`range`: its Range header). */
  log: { method: string | undefined; path: string; status: number; range: string | undefined }[];
  close: () => Promise<void>;
}

export function startStaticServer({
  root,
  port = 0,
  host = '127.0.0.1',
}: {
  root: string;
  port?: number;
  host?: string;
}): Promise<StaticServer> {
  const base = path.resolve(root);
  const log: StaticServer['log'] = [];
  const server = createServer(async (request, response) => {
    const reply = (status: number, headers: OutgoingHttpHeaders = {}, body?: string) => {
      log.push({ method: request.method, path: request.url ?? '', status, range: request.headers.range });
      response.writeHead(status, { ...CORS, ...headers });
      response.end(body);
    };
    if (request.method === 'OPTIONS') return reply(204, { 'access-control-max-age': '600' });
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply(405, { allow: 'GET, HEAD, OPTIONS' });
    let file: string;
    try {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      file = path.resolve(base, `.${pathname}`);
    } catch {
      return reply(400);
    }
    if (file !== base && !file.startsWith(base + path.sep)) return reply(403);
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
    } catch {
      return reply(404, { 'content-type': 'text/plain' }, 'not found');
    }
    if (!info.isFile()) return reply(404, { 'content-type': 'text/plain' }, 'not found');
    const ext = path.extname(file).toLowerCase();
    const headers: OutgoingHttpHeaders = {
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
      'last-modified': info.mtime.toUTCString(),
      // Playlists change under a live stream; segments never do once listed.
      'cache-control': ext === '.m3u8' ? 'no-cache' : 'max-age=60',
    };
    let start = 0;
    let end = info.size - 1;
    let status = 200;
    if (request.headers.range) {
      const range = parseRange(request.headers.range, info.size);
      if (!range) return reply(416, { 'content-range': `bytes */${info.size}` });
      ({ start, end } = range);
      status = 206;
      headers['content-range'] = `bytes ${start}-${end}/${info.size}`;
    }
    headers['content-length'] = String(Math.max(0, end - start + 1));
    log.push({ method: request.method, path: request.url ?? '', status, range: request.headers.range });
    response.writeHead(status, { ...CORS, ...headers });
    if (request.method === 'HEAD' || info.size === 0) return response.end();
    const stream = createReadStream(file, { start, end });
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      resolve({
        origin: `http://${host}:${address.port}`,
        port: address.port,
        log,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [root = '.', port = '18197', host = '127.0.0.1'] = process.argv.slice(2);
  const { origin } = await startStaticServer({ root, port: Number(port), host });
  console.log(`serving ${path.resolve(root)} at ${origin}`);
}
