import { describe, expect, it, vi } from 'vitest';
import { CAPTION_COOKIE, createCaptionPreferences } from './caption-preferences.ts';
import { parseCaptionPreferences } from './caption-options.ts';
import { captionCss, chooseTextTrack, DEFAULT_CAPTION_PREFERENCES, type CaptionPreferences } from './caption-style.ts';

const track = (id: string, language: string, isDefault = false) => ({ id, language, default: isDefault });

describe('caption style', () => {
  it('turns each choice into the caption line’s CSS', () => {
    const css = captionCss({
      size: '150%',
      color: 'yellow',
      font: 'small-caps',
      background: 'blue',
      backgroundOpacity: '50%',
    });
    expect(css).toEqual({
      '--caption-scale': '1.5',
      '--caption-color': 'rgb(255 255 0)',
      '--caption-font': 'system-ui, Arial, sans-serif',
      '--caption-variant': 'small-caps',
      '--caption-background': 'rgb(0 0 255 / 50%)',
    });
  });

  it('reads what was stored one field at a time: the unknown and malformed fall back to the default', () => {
    expect(parseCaptionPreferences(null)).toEqual(DEFAULT_CAPTION_PREFERENCES);
    expect(parseCaptionPreferences('on')).toEqual(DEFAULT_CAPTION_PREFERENCES);
    const parsed = parseCaptionPreferences({
      enabled: true,
      language: 'de<script>',
      style: { size: '200%', color: 'chartreuse', font: 'serif', background: 42, backgroundOpacity: '0%' },
    });
    expect(parsed).toEqual({
      enabled: true,
      language: '',
      style: { size: '200%', color: 'white', font: 'serif', background: 'black', backgroundOpacity: '0%' },
    });
  });

  it('turns on the track in the viewer’s language, else the stream’s default, else the first', () => {
    const tracks = [track('a', 'en'), track('b', 'de-AT'), track('c', 'fr', true)];
    expect(chooseTextTrack(tracks, 'de-AT')?.id).toBe('b');
    expect(chooseTextTrack(tracks, 'de')?.id).toBe('b');
    expect(chooseTextTrack(tracks, 'es')?.id).toBe('c');
    expect(chooseTextTrack([track('a', 'en'), track('b', 'de')], '')?.id).toBe('a');
    expect(chooseTextTrack([], 'en')).toBeNull();
  });
});

describe('caption preferences', () => {
  const chosen: CaptionPreferences = { ...DEFAULT_CAPTION_PREFERENCES, enabled: true, language: 'de' };

  it('are written to the functional cookie only where functional cookies are allowed', () => {
    const consent = { isAllowed: vi.fn(() => false), setCookie: vi.fn(() => true) };
    const store = createCaptionPreferences(consent, { read: () => '', write: () => undefined });
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(chosen);
    // Not allowed: kept in memory for the page's life, and it applies now.
    expect(consent.setCookie).not.toHaveBeenCalled();
    expect(store.get()).toEqual(chosen);
    expect(listener).toHaveBeenCalledTimes(1);
    consent.isAllowed.mockReturnValue(true);
    store.set(chosen);
    expect(consent.setCookie).toHaveBeenCalledWith(CAPTION_COOKIE, JSON.stringify(chosen));
  });

  it('start from the cookie, and from the defaults where it cannot be read or parsed', () => {
    const consent = { isAllowed: () => true, setCookie: () => true };
    const stored = `${CAPTION_COOKIE}=${encodeURIComponent(JSON.stringify(chosen))}`;
    expect(createCaptionPreferences(consent, { read: () => stored, write: () => undefined }).get()).toEqual(chosen);
    const throwing = {
      read: () => {
        throw new DOMException('cross-site frame', 'SecurityError');
      },
      write: () => undefined,
    };
    expect(createCaptionPreferences(consent, throwing).get()).toEqual(DEFAULT_CAPTION_PREFERENCES);
    const garbage = { read: () => `${CAPTION_COOKIE}=%7Bnot-json`, write: () => undefined };
    expect(createCaptionPreferences(consent, garbage).get()).toEqual(DEFAULT_CAPTION_PREFERENCES);
  });
});
