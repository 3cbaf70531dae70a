import { describe, expect, it } from 'vitest';
import { EMBED_PARAM_DEFAULTS, parseEmbedParams } from './embed-params.ts';

describe('parseEmbedParams (SPEC §2)', () => {
  it('takes the defaults when the parameters are absent', () => {
    expect(parseEmbedParams('')).toEqual({ muted: false, autoplay: true, allowfullscreen: true });
    expect(parseEmbedParams('?other=1')).toEqual(EMBED_PARAM_DEFAULTS);
  });

  it("turns a parameter on only for the exact text 'true'", () => {
    expect(parseEmbedParams('?muted=true&autoplay=true&allowfullscreen=true')).toEqual({
      muted: true,
      autoplay: true,
      allowfullscreen: true,
    });
  });

  it.each(['TRUE', 'True', '1', '', 'yes', 'true ', ' true', 'false'])('reads %j as off', (value) => {
    const search = new URLSearchParams({ muted: value, autoplay: value, allowfullscreen: value });
    expect(parseEmbedParams(search)).toEqual({ muted: false, autoplay: false, allowfullscreen: false });
  });

  it('reads a bare parameter (no "=") as present and off', () => {
    expect(parseEmbedParams('?autoplay&muted')).toEqual({ muted: false, autoplay: false, allowfullscreen: true });
  });

  it('reads a percent-encoded true as true, because the value is the decoded text', () => {
    expect(parseEmbedParams('?muted=%74rue').muted).toBe(true);
  });
});
