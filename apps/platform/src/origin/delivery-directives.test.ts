import { describe, expect, it } from 'vitest';
import { parseDeliveryDirectives } from './delivery-directives.ts';

describe('parseDeliveryDirectives', () => {
  it('reads no directives as a plain (legacy) request', () => {
    expect(parseDeliveryDirectives({})).toEqual({
      ok: true,
      directives: { msn: undefined, part: undefined, skip: 'none' },
    });
  });

  it('reads _HLS_msn, _HLS_part and _HLS_skip', () => {
    expect(parseDeliveryDirectives({ _HLS_msn: '1767225609', _HLS_part: '3', _HLS_skip: 'YES' })).toEqual({
      ok: true,
      directives: { msn: 1767225609, part: 3, skip: 'segments' },
    });
    expect(parseDeliveryDirectives({ _HLS_msn: '7', _HLS_skip: 'v2' })).toMatchObject({
      ok: true,
      directives: { msn: 7, part: undefined, skip: 'segments-and-dateranges' },
    });
  });

  it('ignores other parameters, reserved _HLS_ ones included', () => {
    expect(parseDeliveryDirectives({ _HLS_future: 'x', foo: 'bar', _HLS_msn: '2' })).toMatchObject({
      ok: true,
      directives: { msn: 2 },
    });
  });

  it('refuses _HLS_part without _HLS_msn (§6.2.5.2)', () => {
    expect(parseDeliveryDirectives({ _HLS_part: '1' })).toEqual({ ok: false, message: '_HLS_part requires _HLS_msn' });
  });

  it.each([
    ['_HLS_msn', ''],
    ['_HLS_msn', '-1'],
    ['_HLS_msn', '1.5'],
    ['_HLS_msn', '1e3'],
    ['_HLS_msn', '12345678901234567890'],
    ['_HLS_msn', ['1', '2']],
    ['_HLS_part', 'x'],
    ['_HLS_skip', 'yes'],
    ['_HLS_skip', 'NO'],
    ['_HLS_skip', ''],
  ])('refuses %s=%j', (name, value) => {
    const result = parseDeliveryDirectives({ _HLS_msn: '1', [name]: value });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(name);
  });
});
