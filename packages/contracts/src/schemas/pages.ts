import { z } from '../zod.ts';

/**
 * Cursor pages. SPEC §3 names the fields `cursor` (sent), `next_cursor`, `previous_cursor`
 * and `nextCursor` (received) but not which call answers which, nor where the items sit.
 * Our choice: only the cursor fields are required (a null cursor ends the list) and the
 * items pass through unvalidated under whatever key the platform uses.
 */

/** Snake-case page: forward and, for ordered histories, backward cursors. */
export const cursorPageSchema = z.looseObject({
  next_cursor: z.nullable(z.string()),
  previous_cursor: z.optional(z.nullable(z.string())),
});
export type CursorPage = z.infer<typeof cursorPageSchema>;

/** Camel-case page (`nextCursor`), the shape we give the newer `followed-page` call. */
export const nextCursorPageSchema = z.looseObject({
  nextCursor: z.nullable(z.string()),
});
export type NextCursorPage = z.infer<typeof nextCursorPageSchema>;

/** The query of a cursor-paged call: no cursor asks for the first page. */
export const cursorQuerySchema = z.object({ cursor: z.optional(z.string()) });

/**
 * Response of a call whose shape the spec does not show (SPEC §7: "Response shapes … of these
 * other calls are not shown"). It passes through unvalidated; callers narrow it themselves.
 */
export const notShown = z.unknown();
