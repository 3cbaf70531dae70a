import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, readOEmbedQuery } from './oembed-query.ts';

const url = 'http://onair.test/studio-live';

describe('readOEmbedQuery', () => {
  it('reads the url and the limits', () => {
    expect(readOEmbedQuery({ url, maxwidth: '480', maxheight: '300', format: 'json' })).toEqual({
      ok: true,
      url,
      limits: { maxwidth: 480, maxheight: 300 },
    });
  });

  it('takes no format as json, and an empty limit as none', () => {
    expect(readOEmbedQuery({ url, maxwidth: '', maxheight: '' })).toEqual({ ok: true, url, limits: {} });
  });

  it.each([
    ['no url', {}],
    ['an empty url', { url: '' }],
    ['a relative url', { url: '/studio-live' }],
    ['a url given twice', { url: [url, url] }],
    ['a url too long', { url: `${url}?x=${'a'.repeat(MAX_URL_LENGTH)}` }],
    ['a negative maxwidth', { url, maxwidth: '-1' }],
    ['a zero maxwidth', { url, maxwidth: '0' }],
    ['a non-numeric maxheight', { url, maxheight: 'wide' }],
    ['a fractional maxheight', { url, maxheight: '1.5' }],
    ['a maxwidth with units', { url, maxwidth: '480px' }],
  ])('is 400 for %s', (_name, query) => {
    expect(readOEmbedQuery(query)).toMatchObject({ ok: false, status: 400 });
  });

  it.each(['xml', 'JSON', ''])('is 501 for the format %j', (format) => {
    expect(readOEmbedQuery({ url, format })).toMatchObject({ ok: false, status: 501 });
  });

  it('says 400 before 501: a malformed request is malformed in any format', () => {
    expect(readOEmbedQuery({ format: 'xml' })).toMatchObject({ status: 400 });
  });
});
