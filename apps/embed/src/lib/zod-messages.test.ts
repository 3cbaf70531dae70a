import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { configureZodMessages } from './zod-messages.ts';

describe('the embed’s schema messages', () => {
  configureZodMessages();
  const messageOf = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('says what was expected', () => {
    expect(messageOf(z.object({ id: z.number() }), { id: '7' })).toBe('expected number, received string');
    expect(messageOf(z.string(), null)).toBe('expected string, received null');
    expect(messageOf(z.enum(['dev', 'prod']), 'qa')).toBe('expected one of "dev", "prod"');
    expect(messageOf(z.url(), 'not a url')).toBe('invalid url');
    expect(messageOf(z.string().check(z.minLength(3)), 'ab')).toBe('below the string limit 3');
  });
});
