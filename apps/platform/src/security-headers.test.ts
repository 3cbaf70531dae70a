import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ANY_SITE,
  configuredOrigins,
  embedContentSecurityPolicy,
  inlineScriptHashes,
  playgroundContentSecurityPolicy,
} from './security-headers.ts';

const EARLY = '\n      (function () { window.early = 1; })();\n    ';
const HTML = `<!doctype html><html><head>
    <script id="onair-config" type="application/json">{"PUBLIC_API_URL":"http://127.0.0.1:8080"}</script>
    <script>${EARLY}</script>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head><body></body></html>`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the inline classic script exactly, not the data block or a script by URL', () => {
    expect(inlineScriptHashes(HTML)).toEqual([sha256(EARLY)]);
  });
});

describe('configuredOrigins', () => {
  it('takes the origin of each URL setting and the websocket twin of each http(s) one', () => {
    expect(
      configuredOrigins({
        PUBLIC_API_URL: 'https://api.example.com/v2',
        PUBLIC_REALTIME_HOST_URL: 'wss://ws.example.com',
        PUBLIC_REALTIME_CLUSTER: 'us2',
        PUBLIC_EVIL: 'javascript:alert(1)',
      }),
    ).toEqual(['https://api.example.com', 'wss://api.example.com', 'wss://ws.example.com']);
  });
});

describe('embedContentSecurityPolicy', () => {
  const policy = (frameAncestors = ANY_SITE) =>
    Object.fromEntries(
      embedContentSecurityPolicy({
        html: HTML,
        config: { PUBLIC_FILES_URL: 'https://files.example.com' },
        frameAncestors,
      })
        .split('; ')
        .map((directive) => {
          const [name, ...values] = directive.split(' ');
          return [name, values];
        }),
    ) as Record<string, string[]>;

  it('runs only its own scripts and the early one by hash: no inline handler, no eval', () => {
    expect(policy()['script-src']).toEqual(["'self'", sha256(EARLY)]);
    expect(policy()['script-src']).not.toContain("'unsafe-inline'");
    expect(policy()['script-src']).not.toContain("'unsafe-eval'");
  });

  it("runs the configured Cast framework's script alone, not its whole origin", () => {
    const scripts = (config: Record<string, string>) =>
      embedContentSecurityPolicy({ html: HTML, config, frameAncestors: ANY_SITE })
        .split('; ')
        .find((directive) => directive.startsWith('script-src'));
    const google = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1';
    expect(scripts({ PUBLIC_CAST_SDK_URL: google })).toBe(
      `script-src 'self' https://www.gstatic.com/cv/js/sender/v1/cast_sender.js https://www.gstatic.com/cast/sdk/libs/ ${sha256(EARLY)}`,
    );
    expect(scripts({ PUBLIC_CAST_SDK_URL: 'https://cdn.example/cast/sender.js?x=1' })).toBe(
      `script-src 'self' https://cdn.example/cast/sender.js ${sha256(EARLY)}`,
    );
    expect(scripts({ PUBLIC_CAST_SDK_URL: 'javascript:alert(1)' })).toBe(`script-src 'self' ${sha256(EARLY)}`);
  });

  it('closes plugins, <base> and forms, and reaches only itself and its services', () => {
    const directives = policy();
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'none'"]);
    // data: reaches no host: the live-manifest worker's answers are fetched from data: URLs.
    expect(directives['connect-src']).toEqual([
      "'self'",
      'https://files.example.com',
      'wss://files.example.com',
      'data:',
    ]);
    expect(directives['media-src']).toContain('blob:');
  });

  it('is framed by any site, or by the allow-list given', () => {
    expect(policy()['frame-ancestors']).toEqual(['*']);
    expect(policy(['https://news.example.com'])['frame-ancestors']).toEqual(['https://news.example.com']);
  });
});

describe('playgroundContentSecurityPolicy', () => {
  const directives = (html: string) =>
    Object.fromEntries(
      playgroundContentSecurityPolicy(html)
        .split('; ')
        .map((directive) => {
          const [name, ...values] = directive.split(' ');
          return [name, values];
        }),
    ) as Record<string, string[]>;

  it('lets streams and their media come from any origin, as a typed URL may name any', () => {
    const policy = directives(HTML);
    expect(policy['connect-src']).toEqual(['*', 'blob:', 'data:']);
    expect(policy['media-src']).toEqual(['*', 'blob:', 'data:']);
    // The engine's worker, started from a blob: copy of its script, takes this policy.
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
  });

  it('runs only its own scripts (inline ones by hash), no eval, no inline handler', () => {
    expect(directives(HTML)['script-src']).toEqual(["'self'", sha256(EARLY)]);
    expect(directives('<html><head></head></html>')['script-src']).toEqual(["'self'"]);
    expect(playgroundContentSecurityPolicy(HTML)).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('is never framed, and closes plugins, <base> and form posting', () => {
    const policy = directives(HTML);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['form-action']).toEqual(["'none'"]);
    expect(policy['style-src']).toEqual(["'self'"]);
  });
});
