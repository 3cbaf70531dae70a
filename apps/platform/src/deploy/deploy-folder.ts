import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { injectConfig } from '../public-config.ts';
import {
  embedContentSecurityPolicy,
  playgroundContentSecurityPolicy,
  workerContentSecurityPolicy,
} from '../security-headers.ts';
import { PLAYGROUND_PATH } from '../playground-page.ts';
import type { DeployConfig } from './deploy-config.ts';
import { nginxServerBlock } from './nginx-server-block.ts';

/**
 * Writes the embed as a folder any static host serves (issue 37), from the embed's build:
 *   site/         what is served: index.html (configured: the PUBLIC_* values in the page, as
 *                 the platform puts them per request), playground.html (at /playground),
 *                 assets/ (hashed, with .gz and .br),
 *                 live-manifest-sw.js, sdk/onair-embed.js;
 *   source-maps/  the build's hidden maps, for error monitoring, never served;
 *   nginx/onair-embed.conf  the server block with every header the platform would send.
 */
export interface DeployFolderInput {
  /** The embed's Vite build (apps/embed/dist). */
  embedDist: string;
  /** The host SDK's script build (packages/embed-sdk/dist/onair-embed.js). */
  sdkFile: string;
  config: DeployConfig;
  /** Where to write; emptied first. */
  out: string;
}

export interface DeployFolder {
  site: string;
  serverBlock: string;
  pageCsp: string;
}

/** Moves every source map under `dir` to the same place under `to`. */
function moveMaps(dir: string, to: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.map$/.test(entry.name)) continue;
    const from = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(dir, from));
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(from, target);
  }
}

export function writeDeployFolder(input: DeployFolderInput): DeployFolder {
  const index = path.join(input.embedDist, 'index.html');
  if (!existsSync(index)) throw new Error(`the embed is not built: ${index} is missing`);
  if (!existsSync(input.sdkFile)) throw new Error(`the host SDK is not built: ${input.sdkFile} is missing`);
  const out = path.resolve(input.out);
  const site = path.join(out, 'site');
  rmSync(out, { recursive: true, force: true });
  // The build's manifest (.vite/) is for the size budget, not for visitors.
  cpSync(input.embedDist, site, { recursive: true, filter: (source) => path.basename(source) !== '.vite' });
  moveMaps(site, path.join(out, 'source-maps'));

  const { config } = input;
  const html = injectConfig(readFileSync(index, 'utf8'), config.publicConfig);
  writeFileSync(path.join(site, 'index.html'), html);
  mkdirSync(path.join(site, 'sdk'));
  cpSync(input.sdkFile, path.join(site, 'sdk', 'onair-embed.js'));

  const policy = { config: config.publicConfig, extraOrigins: config.extraOrigins };
  const pageCsp = embedContentSecurityPolicy({ ...policy, html, frameAncestors: config.frameAncestors });
  // The player playground, where the build has it: its own page and policy (it plays any URL).
  const playground = path.join(site, 'playground.html');
  const pages = existsSync(playground)
    ? [
        {
          path: PLAYGROUND_PATH,
          file: 'playground.html',
          csp: playgroundContentSecurityPolicy(readFileSync(playground, 'utf8')),
        },
      ]
    : [];
  const block = nginxServerBlock({
    root: site,
    listen: config.listen,
    serverName: config.serverName,
    upstream: config.upstream,
    pageCsp,
    workerCsp: workerContentSecurityPolicy(policy),
    pages,
  });
  const serverBlock = path.join(out, 'nginx', 'onair-embed.conf');
  mkdirSync(path.dirname(serverBlock));
  writeFileSync(serverBlock, block);
  return { site, serverBlock, pageCsp };
}
