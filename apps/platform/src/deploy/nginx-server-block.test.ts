import { describe, expect, it } from 'vitest';
import { nginxServerBlock, type ServerBlockInput } from './nginx-server-block.ts';

const INPUT: ServerBlockInput = {
  root: '/srv/onair/site',
  listen: '8088',
  serverName: '_',
  upstream: 'http://127.0.0.1:8080',
  pageCsp: "default-src 'self'; script-src 'self' 'sha256-abc+/='; frame-ancestors *",
  workerCsp: "default-src 'none'; frame-ancestors 'none'",
};

/** The lines of one `location … {` block. */
function location(block: string, head: string): string {
  const start = block.indexOf(`location ${head} {`);
  expect(start, head).toBeGreaterThan(-1);
  return block.slice(start, block.indexOf('\n    }', start));
}

describe('nginxServerBlock', () => {
  const block = nginxServerBlock(INPUT);

  it('serves every other path as the embed page, revalidated, with its policy and nosniff', () => {
    const page = location(block, '/');
    expect(page).toContain('try_files /index.html =404;');
    expect(page).toContain('add_header Cache-Control "no-cache" always;');
    expect(page).toContain(`add_header Content-Security-Policy "${INPUT.pageCsp}" always;`);
    expect(page).toContain('add_header X-Content-Type-Options "nosniff" always;');
  });

  it('keeps hashed assets a year, immutable, and gives workers their own policy', () => {
    const assets = location(block, '/assets/');
    expect(assets).toContain('"public, max-age=31536000, immutable"');
    expect(assets).toContain(`"${INPUT.workerCsp}"`);
    const worker = location(block, '= /live-manifest-sw.js');
    expect(worker).toContain('"no-cache"');
    expect(worker).toContain(`"${INPUT.workerCsp}"`);
  });

  it('forwards the services and the sockets, unbuffered, and never the testing hooks', () => {
    const services = location(
      block,
      '~ ^/(api|hls|hls-ts|vod|drm|images|monitoring|analytics|realtime|device-id|oembed)(/|$)',
    );
    expect(services).toContain('proxy_pass http://127.0.0.1:8080;');
    expect(services).toContain('proxy_buffering off;');
    expect(location(block, '^~ /app/')).toContain('proxy_set_header Connection "upgrade";');
    expect(location(block, '= /viewer/v1/connect')).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(block).not.toMatch(/admin/);
  });

  it('forwards nothing without an upstream', () => {
    expect(nginxServerBlock({ ...INPUT, upstream: null })).not.toContain('proxy_pass');
  });

  it('refuses what nginx would read as syntax or a variable rather than write it', () => {
    expect(() => nginxServerBlock({ ...INPUT, pageCsp: 'default-src $host' })).toThrow(/cannot be written/);
    expect(() => nginxServerBlock({ ...INPUT, pageCsp: 'a"; }' })).toThrow(/cannot be written/);
    expect(() => nginxServerBlock({ ...INPUT, root: 'relative/site' })).toThrow(/absolute/);
  });
});
