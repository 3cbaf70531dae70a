import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './safe-url.ts';

describe('safeHttpUrl', () => {
  it('keeps http and https URLs', () => {
    expect(safeHttpUrl('https://cdn.example/b.png')).toBe('https://cdn.example/b.png');
    expect(safeHttpUrl('/images/b.svg', 'http://127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080/images/b.svg');
  });
  it.each(['javascript:alert(1)', 'data:text/html,<b>', 'JaVaScRiPt:alert(1)', '', '  ', 'http://[', 42, null])(
    'rejects %j',
    (value) => {
      expect(safeHttpUrl(value)).toBeNull();
    },
  );
});
