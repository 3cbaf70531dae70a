/**
 * The platform's serving rules for the embed (embed-static.ts, sdk-static.ts,
 * security-headers.ts) written as an nginx `server` block, for the folder `npm run build:embed`
 * writes. Pure: the policies come in computed (the page's CSP hashes its early script as built),
 * and the text goes out. A block to include in the `http` context of a stock nginx.conf (which
 * includes `mime.types`, as Debian's does).
 */
export interface ServerBlockInput {
  /** The deployable folder's absolute path (nginx `root`). */
  root: string;
  listen: string;
  serverName: string;
  /** Where the services are forwarded (an http(s) origin); null: they live elsewhere. */
  upstream: string | null;
  /** The embed page's Content-Security-Policy (security-headers.ts embedContentSecurityPolicy). */
  pageCsp: string;
  /** Every script that can run as a worker (workerContentSecurityPolicy). */
  workerCsp: string;
  /** Other pages of the folder at their own path (`/playground` → playground.html), with their policy. */
  pages?: readonly { path: string; file: string; csp: string }[];
}

/**
 * The platform's services a visitor's browser calls on the embed's own origin: the channel API,
 * the media (live, MPEG-TS, on demand, keys, images), the intakes, the realtime auth, device
 * identification and oEmbed. Never `/admin/` (the stand-in's testing hooks), nor its cast
 * stand-in or builder page.
 */
export const FORWARDED_PREFIXES = [
  'api',
  'hls',
  'hls-ts',
  'vod',
  'drm',
  'images',
  'monitoring',
  'analytics',
  'realtime',
  'device-id',
  'oembed',
] as const;

/** The websocket endpoints: the Pusher-protocol one (`/app/:key`) and the viewer socket. */
export const FORWARDED_SOCKETS = ['/app/', '/viewer/v1/connect'] as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_FRAMEABLE = "frame-ancestors 'none'";

/** A header value as an nginx quoted string: refused where nginx would read it otherwise. */
function quoted(value: string): string {
  if (/["$\\\r\n{};]/.test(value.replace(/; /g, ''))) {
    throw new Error(`cannot be written into nginx's configuration as is: ${value}`);
  }
  return `"${value}"`;
}

/** `add_header … always` for each: `always`, so error answers carry them too. */
function headers(entries: readonly [string, string][], indent = '        '): string {
  return entries.map(([name, value]) => `${indent}add_header ${name} ${quoted(value)} always;`).join('\n');
}

/** The forwarding lines every service location shares. */
function proxy(upstream: string, websocket: boolean): string {
  return [
    `        proxy_pass ${upstream};`,
    '        proxy_http_version 1.1;',
    // The platform builds its URLs on the origin it is told it serves (ORIGINS); the Host
    // visitors used is the one it must see.
    '        proxy_set_header Host $http_host;',
    '        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '        proxy_set_header X-Forwarded-Proto $scheme;',
    ...(websocket
      ? [
          '        proxy_set_header Upgrade $http_upgrade;',
          '        proxy_set_header Connection "upgrade";',
          // Sockets stay open for a whole viewing; the protocols ping well inside this.
          '        proxy_read_timeout 1h;',
        ]
      : [
          '        proxy_set_header Connection "";',
          // LL-HLS: a blocking playlist request is held until its part exists, and a part is
          // sent while it is written. Buffered, the visitor would get it late.
          '        proxy_buffering off;',
          '        proxy_read_timeout 30s;',
        ]),
  ].join('\n');
}

export function nginxServerBlock(input: ServerBlockInput): string {
  if (!input.root.startsWith('/') || /[\s;"${}]/.test(input.root)) {
    throw new Error(`the folder's path must be absolute, without spaces or ; " $ { }: ${input.root}`);
  }
  const services = input.upstream
    ? [
        "    # The services, on the embed's own origin (no CORS, one connection to warm).",
        `    location ~ ^/(${FORWARDED_PREFIXES.join('|')})(/|$) {`,
        proxy(input.upstream, false),
        '    }',
        ...FORWARDED_SOCKETS.map((path) =>
          [`    location ${path.endsWith('/') ? '^~ ' : '= '}${path} {`, proxy(input.upstream!, true), '    }'].join(
            '\n',
          ),
        ),
      ]
    : ['    # No services forwarded: the PUBLIC_*_URL settings name their own origins.'];
  const pages = (input.pages ?? []).map((page) =>
    [
      `    location = ${page.path} {`,
      `        try_files /${page.file} =404;`,
      headers([
        ['Cache-Control', 'no-cache'],
        ['Content-Security-Policy', page.csp],
        ['X-Content-Type-Options', 'nosniff'],
      ]),
      '    }',
    ].join('\n'),
  );
  return `${[
    '# The OnAir embed: written by `npm run build:embed` from its configuration file. Rebuild',
    '# rather than edit: the page policy holds the hash of the page as built.',
    'server {',
    `    listen ${input.listen};`,
    `    server_name ${input.serverName};`,
    `    root ${input.root};`,
    '    server_tokens off;',
    '    charset utf-8;',
    // The build writes a .gz beside every script and style.
    '    gzip_static on;',
    '',
    '    # Hashed names: a file never changes under its name.',
    '    location /assets/ {',
    '        try_files $uri =404;',
    headers([
      ['Cache-Control', IMMUTABLE],
      ['X-Content-Type-Options', 'nosniff'],
      // Public code: a frame sandboxed without allow-same-origin loads modules with CORS.
      ['Access-Control-Allow-Origin', '*'],
      // A worker takes its own script's policy, not its page's; on a module script it is inert.
      ['Content-Security-Policy', input.workerCsp],
    ]),
    '    }',
    '',
    '    # The live-manifest service worker: its URL is its identity, always revalidated.',
    '    location = /live-manifest-sw.js {',
    headers([
      ['Cache-Control', 'no-cache'],
      ['X-Content-Type-Options', 'nosniff'],
      ['Content-Security-Policy', input.workerCsp],
    ]),
    '    }',
    '',
    '    # The host SDK at its stable URL, revalidated, loadable by any page.',
    '    location = /sdk/onair-embed.js {',
    headers([
      ['Cache-Control', 'no-cache'],
      ['X-Content-Type-Options', 'nosniff'],
      ['Access-Control-Allow-Origin', '*'],
      ['Content-Security-Policy', NOT_FRAMEABLE],
    ]),
    '    }',
    '',
    ...services,
    ...(pages.length > 0 ? ['', ...pages] : []),
    '',
    "    # Every other path is the embed's page (/{slug}, /{slug}/offline): its router decides.",
    '    location / {',
    '        try_files /index.html =404;',
    headers([
      ['Cache-Control', 'no-cache'],
      ['Content-Security-Policy', input.pageCsp],
      ['X-Content-Type-Options', 'nosniff'],
      ['Vary', 'Accept-Encoding'],
    ]),
    '    }',
    '}',
  ].join('\n')}\n`;
}
