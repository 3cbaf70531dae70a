import { describe, expect, it } from 'vitest';
import { DeployConfigError, readDeployConfig } from './deploy-config.ts';

const MINIMAL = 'ONAIR_ORIGIN=https://player.example.com\n';

function issuesOf(text: string): string[] {
  try {
    readDeployConfig(text);
  } catch (error) {
    if (error instanceof DeployConfigError) return error.issues.map((issue) => issue.key);
    throw error;
  }
  return [];
}

describe('readDeployConfig', () => {
  it('defaults nginx to port 80 for any name, any framing site, no forwarding, and the services to the origin', () => {
    const config = readDeployConfig(MINIMAL);
    expect(config).toMatchObject({
      origin: 'https://player.example.com',
      listen: '80',
      serverName: '_',
      upstream: null,
      frameAncestors: ['*'],
      extraOrigins: [],
    });
    expect(config.publicConfig.PUBLIC_API_URL).toBe('https://player.example.com');
    expect(config.publicConfig.PUBLIC_WEBSOCKET_URL).toBe('https://player.example.com');
  });

  it('reads comments, the forwarding, the framing list and PUBLIC_ values given', () => {
    const config = readDeployConfig(
      [
        '# a comment',
        MINIMAL,
        'NGINX_LISTEN=127.0.0.1:8088',
        'NGINX_SERVER_NAME=player.example.com www.player.example.com',
        'SERVICES_UPSTREAM=http://10.0.0.5:8080',
        'EMBED_FRAME_ANCESTORS=https://a.example https://*.b.example',
        'PUBLIC_API_URL=https://api.example.com',
        'PUBLIC_MONITORING_ENVIRONMENT=production',
      ].join('\n'),
    );
    expect(config.listen).toBe('127.0.0.1:8088');
    expect(config.serverName).toBe('player.example.com www.player.example.com');
    expect(config.upstream).toBe('http://10.0.0.5:8080');
    expect(config.frameAncestors).toEqual(['https://a.example', 'https://*.b.example']);
    expect(config.publicConfig.PUBLIC_API_URL).toBe('https://api.example.com');
    expect(config.publicConfig.PUBLIC_MONITORING_ENVIRONMENT).toBe('production');
  });

  it('names every key to fix at once: a misspelt one, a bad origin, listen, upstream, framing list and public value', () => {
    expect(
      issuesOf(
        [
          'ONAIR_ORIGN=https://x.example',
          'ONAIR_ORIGIN=https://x.example/path',
          'NGINX_LISTEN=80; evil',
          'SERVICES_UPSTREAM=ftp://x',
          "EMBED_FRAME_ANCESTORS='self' javascript:x",
          'PUBLIC_MONITORING_ENVIRONMENT=moon',
        ].join('\n'),
      ),
    ).toEqual([
      'ONAIR_ORIGN',
      'ONAIR_ORIGIN',
      'NGINX_LISTEN',
      'SERVICES_UPSTREAM',
      'EMBED_FRAME_ANCESTORS',
      'PUBLIC_MONITORING_ENVIRONMENT',
    ]);
  });

  it('refuses a secret of the server in the public configuration', () => {
    expect(() => readDeployConfig(`${MINIMAL}ADMIN_TOKEN=x\n`)).toThrow(/ADMIN_TOKEN is not a setting/);
  });
});
