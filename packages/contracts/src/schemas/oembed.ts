import { z } from '../zod.ts';

/**
 * The platform's oEmbed answer (https://oembed.com, 1.0, section 2.3.4): a `video` whose `html`
 * is the embed's iframe. Loose like the other responses, so a provider may add fields. The
 * thumbnail comes whole or not at all: the spec requires its width and height with its URL
 * (and neither without it).
 */
const positiveInt = () => z.int().check(z.positive());

export const oembedResponseSchema = z
  .looseObject({
    version: z.literal('1.0'),
    type: z.literal('video'),
    provider_name: z.string(),
    provider_url: z.optional(z.url()),
    title: z.optional(z.string()),
    author_name: z.optional(z.string()),
    author_url: z.optional(z.url()),
    thumbnail_url: z.optional(z.url()),
    thumbnail_width: z.optional(positiveInt()),
    thumbnail_height: z.optional(positiveInt()),
    cache_age: z.optional(positiveInt()),
    html: z.string().check(z.minLength(1)),
    width: positiveInt(),
    height: positiveInt(),
  })
  .check(
    z.refine(
      (value) => {
        const present = [value.thumbnail_url, value.thumbnail_width, value.thumbnail_height].map(
          (v) => v !== undefined,
        );
        return present.every(Boolean) || !present.some(Boolean);
      },
      { message: 'thumbnail_url, thumbnail_width and thumbnail_height come together' },
    ),
  );
export type OEmbedResponse = z.infer<typeof oembedResponseSchema>;
