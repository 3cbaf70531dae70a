import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server saw it: raw URL (query untouched), headers and body bytes. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A canned answer: `json` is serialised; `text` is sent as it is (bad JSON, HTML, empty). */
export interface CannedResponse {
  status?: number;
  statusText?: string;
  json?: unknown;
  text?: string;
}

export interface RecordingServer {
  /** `http://127.0.0.1:{port}`, no trailing slash. */
  url: string;
  requests: RecordedRequest[];
  /** The last request, failing loudly when there was none. */
  last(): RecordedRequest;
  close(): Promise<void>;
}

/**
 * A real HTTP server on port 0 for the client's integration tests. It records every request
 * and answers from `routes`, keyed `'METHOD /path'` (path without the query); anything else
 * gets a 404 in the platform's error shape.
 */
export async function startRecordingServer(routes: Record<string, CannedResponse>): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '/';
      const method = req.method ?? 'GET';
      requests.push({ method, url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const canned = routes[`${method} ${url.split('?')[0]}`] ?? {
        status: 404,
        json: { status: 404, statusText: 'Not Found', data: { message: 'Not found' } },
      };
      const body = canned.text ?? (canned.json === undefined ? '' : JSON.stringify(canned.json));
      res.writeHead(canned.status ?? 200, canned.statusText, {
        'content-type': canned.text === undefined ? 'application/json' : 'text/plain',
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    last() {
      const request = requests.at(-1);
      if (!request) throw new Error('The recording server received no request');
      return request;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A URL on which nothing listens: a port that was just bound, then released. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
