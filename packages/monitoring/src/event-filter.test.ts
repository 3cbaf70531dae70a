import { describe, expect, it } from 'vitest';
import { dropReason, safeFilter, shouldKeepEvent } from './event-filter.ts';
import type { FilterContext, MonitoringEvent } from './event-filter.ts';
import { isSmartTv } from './smart-tv.ts';

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const context: FilterContext = { pageOrigin: 'https://player.onair.example', userAgent: DESKTOP_CHROME };
const OWN_STACK = 'TypeError: x is undefined\n    at play (https://player.onair.example/assets/index-abc.js:1:200)';

function errorEvent(overrides: Partial<MonitoringEvent> & { stack?: string; kind?: string } = {}): MonitoringEvent {
  const { stack = OWN_STACK, kind = 'TypeError', ...rest } = overrides;
  return { message: 'x is undefined', status: 'error', origin: 'source', error: { kind, stack }, ...rest };
}

describe('shouldKeepEvent (SPEC §5 monitoring filter)', () => {
  it('keeps an uncaught error from our own code', () => {
    expect(shouldKeepEvent(errorEvent(), context)).toBe(true);
  });

  it.each([
    'chrome-extension://abcdef/content.js:1:1',
    'moz-extension://1234-5678/inject.js:3:9',
    'safari-extension://com.example.ext/script.js:1:1',
    'safari-web-extension://ABCD/page.js:2:2',
  ])('drops a stack from a browser extension: %s', (frame) => {
    const stack = `${OWN_STACK}\n    at hook (${frame})`;
    expect(dropReason(errorEvent({ stack }), context)).toBe('browser-extension');
  });

  it.each(['https://cdn.7tv.app/ext.js', 'https://cdn.betterttv.net/betterttv.js', 'https://frankerfacez.com/x.js'])(
    'drops a stack from a video-extension site: %s',
    (url) => {
      const stack = `${OWN_STACK}\n    at emote (${url}:1:1)`;
      expect(dropReason(errorEvent({ stack }), context)).toBe('video-extension-site');
    },
  );

  it('does not mistake a look-alike host for a video-extension site', () => {
    const stack = `${OWN_STACK}\n    at x (https://not7tv.app.example/x.js:1:1)`;
    expect(shouldKeepEvent(errorEvent({ stack }), context)).toBe(true);
  });

  it('drops an abort error', () => {
    expect(dropReason(errorEvent({ kind: 'AbortError' }), context)).toBe('abort');
  });

  it.each(['console', 'network'])('drops an error whose origin is %s', (origin) => {
    expect(dropReason(errorEvent({ origin }), context)).toBe('console-or-network');
  });

  it('drops a stack that does not mention the page origin', () => {
    const stack = 'Error: boom\n    at x (https://ads.example/tag.js:1:1)';
    expect(dropReason(errorEvent({ stack }), context)).toBe('foreign-stack');
  });

  it('does not let a look-alike origin vouch for a stack', () => {
    const stack = 'Error: boom\n    at x (https://player.onair.example.evil.test/a.js:1:1)';
    expect(dropReason(errorEvent({ stack }), context)).toBe('foreign-stack');
  });

  it('accepts frames from a declared script origin (assets on a CDN)', () => {
    const stack = 'Error: boom\n    at x (https://cdn.onair.example/assets/a.js:1:1)';
    expect(shouldKeepEvent(errorEvent({ stack }), { ...context, scriptOrigins: ['https://cdn.onair.example'] })).toBe(
      true,
    );
  });

  it('reads Firefox and Safari stack formats', () => {
    const stack = 'play@https://player.onair.example/assets/index-abc.js:1:200\n@moz-extension://abc/x.js:1:1';
    expect(dropReason(errorEvent({ stack }), context)).toBe('browser-extension');
  });

  it('drops errors on a smart TV', () => {
    const tizen = 'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/538.1 (KHTML, like Gecko) Version/6.0 TV';
    expect(dropReason(errorEvent(), { ...context, userAgent: tizen })).toBe('smart-tv');
  });

  it('keeps a stackless error from our own logger', () => {
    expect(shouldKeepEvent({ message: 'Player error', status: 'error', origin: 'logger' }, context)).toBe(true);
  });

  it('drops an uncaught error without a stack: it cannot name the page origin ("Script error.")', () => {
    expect(dropReason(errorEvent({ stack: '' }), context)).toBe('foreign-stack');
    expect(dropReason({ message: 'Script error.', status: 'error', origin: 'source', error: {} }, context)).toBe(
      'foreign-stack',
    );
  });

  it('keeps non-error logs whatever their source', () => {
    expect(shouldKeepEvent({ message: 'hello', status: 'info', origin: 'console' }, context)).toBe(true);
  });
});

describe('isSmartTv', () => {
  it.each([
    'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0 Safari/537.36 WebAppManager',
    'Mozilla/5.0 (Linux; NetCast; U) AppleWebKit/537.31 (KHTML, like Gecko) Chrome/26.0 Safari/537.31 SmartTV/8.5',
    'Opera/9.80 (Linux mips; U; HbbTV/1.1.1 (; Philips; ; ; ; ) CE-HTML/1.0 NETTV/3.2.1; en) Presto/2.6.33 Version/10.70',
    'Mozilla/5.0 (Linux; Android 9; AFTMM Build/PS7233; wv) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 9; BRAVIA 4K UR2 Build/PTT1.190515.001.S104) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0 Safari/537.36',
    'Roku/DVP-9.10 (519.10E04111A)',
  ])('recognises %s', (userAgent) => {
    expect(isSmartTv(userAgent)).toBe(true);
  });

  it.each([
    DESKTOP_CHROME,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0 Aftermath/1.0',
  ])('does not flag %s', (userAgent) => {
    expect(isSmartTv(userAgent)).toBe(false);
  });
});

describe('safeFilter', () => {
  it('keeps the event when the filter throws', () => {
    const broken = safeFilter((_event: MonitoringEvent) => {
      throw new Error('filter bug');
    });
    expect(broken(errorEvent())).toBe(true);
  });

  it('passes the filter answer through otherwise', () => {
    const keep = safeFilter((event: MonitoringEvent) => shouldKeepEvent(event, context));
    expect(keep(errorEvent({ kind: 'AbortError' }))).toBe(false);
    expect(keep(errorEvent())).toBe(true);
  });

  it('keeps the event when the event itself is malformed enough to break the filter', () => {
    const keep = safeFilter((event: MonitoringEvent) => shouldKeepEvent(event, context));
    const hostile = errorEvent({ error: { stack: 42 as unknown as string } });
    expect(keep(hostile)).toBe(true);
  });
});
