import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN_TOKEN } from './admin-token.ts';

/**
 * The embed as someone deploys it (issue 37): `npm run build:embed` writes its folder and nginx
 * server block from a configuration file, Debian's nginx serves them, and forwards the
 * services to a platform of the journey's own, told that nginx's origin is its own (ORIGINS),
 * as docs/deploy.md says. Its own platform: a stream ended there ends nowhere else.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface Deployment {
  /** nginx's origin: where the visitor goes. */
  origin: string;
  /** The platform's own origin, for the testing hooks nginx never forwards. */
  platform: string;
  /** The platform's testing hook answering for `slug` going offline. */
  endStream(slug: string): Promise<void>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Waits for a URL to answer 200, while `child` lives; throws with what it printed otherwise. */
async function answers(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`${url}: its server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered:\n${output()}`);
}

function started(command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output(): string } {
  let output = '';
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The nginx.conf around the generated server block: what a stock one gives it (mime.types), and
 * everything nginx writes kept in the journey's folder, in the foreground, as whoever runs it.
 */
function nginxConf(dir: string, serverBlock: string): string {
  return `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${serverBlock};
}
`;
}

export async function startDeployment(): Promise<Deployment> {
  const dir = mkdtempSync(join(tmpdir(), 'onair-deploy-'));
  const [webPort, platformPort] = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${webPort}`;
  const platform = `http://127.0.0.1:${platformPort}`;
  writeFileSync(
    join(dir, 'onair.env'),
    `ONAIR_ORIGIN=${origin}\nNGINX_LISTEN=127.0.0.1:${webPort}\nSERVICES_UPSTREAM=${platform}\n`,
  );
  // The embed and the SDK are built by then (npm test builds them before the journeys).
  const build = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/build-embed-deploy.mjs',
      '--no-build',
      '--config',
      join(dir, 'onair.env'),
      '--out',
      join(dir, 'out'),
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`npm run build:embed failed:\n${build.stdout}${build.stderr}`);
  writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir, join(dir, 'out/nginx/onair-embed.conf')));

  const api = started(process.execPath, ['--import', 'tsx', 'apps/platform/src/main.ts'], {
    ...process.env,
    PORT: String(platformPort),
    HOST: '127.0.0.1',
    ORIGINS: origin,
    ADMIN: '1',
    ADMIN_TOKEN: E2E_ADMIN_TOKEN,
  });
  const web = started(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], process.env);
  const close = async () => {
    await Promise.all([stopped(web.child), stopped(api.child)]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await answers(`${platform}/api/v2/channels/studio-live/info`, api.child, api.output);
    await answers(`${origin}/api/v2/channels/studio-live/info`, web.child, web.output);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    origin,
    platform,
    async endStream(slug) {
      const response = await fetch(`${platform}/admin/channels/${slug}/offline`, {
        method: 'POST',
        headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (!response.ok) throw new Error(`ending ${slug}: ${response.status} ${await response.text()}`);
    },
    close,
  };
}
