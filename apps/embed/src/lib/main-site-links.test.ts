import { describe, expect, it } from 'vitest';
import { categoryPageUrl, channelPageUrl } from './main-site-links.ts';

describe('main-site links', () => {
  it('builds the channel and category pages', () => {
    expect(channelPageUrl('https://onair.example', 'studio-live')).toBe('https://onair.example/studio-live');
    expect(categoryPageUrl('https://onair.example/', 'just-chatting')).toBe(
      'https://onair.example/category/just-chatting',
    );
  });

  it('keeps a path prefix of the main-site URL and drops its query', () => {
    expect(channelPageUrl('http://127.0.0.1:8080/site/?x=1#y', 'a_b')).toBe('http://127.0.0.1:8080/site/a_b');
  });

  it('encodes slugs so they cannot escape their path segment', () => {
    expect(channelPageUrl('https://onair.example', '../admin?x')).toBe('https://onair.example/..%2Fadmin%3Fx');
    expect(categoryPageUrl('https://onair.example', 'a/b')).toBe('https://onair.example/category/a%2Fb');
  });

  it('gives null for a main-site URL that is not http(s) or an empty slug', () => {
    expect(channelPageUrl('javascript:alert(1)', 'x')).toBeNull();
    expect(channelPageUrl('not a url', 'x')).toBeNull();
    expect(categoryPageUrl('ftp://onair.example', 'x')).toBeNull();
    expect(categoryPageUrl('https://onair.example', ' ')).toBeNull();
  });
});
