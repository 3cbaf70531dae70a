import { parsePublicConfigJson, type PublicConfigResult } from '@onair/config';

/**
 * The public configuration the platform puts in the page (`<script id="onair-config">`, read
 * before anything else). A page without it (the Vite dev server) runs on the schema's local
 * defaults; a page whose configuration fails the schema shows the misconfigured screen.
 */
export const CONFIG_ELEMENT_ID = 'onair-config';

export function readPublicConfig(doc: Document = document): PublicConfigResult {
  const element = doc.getElementById(CONFIG_ELEMENT_ID);
  return parsePublicConfigJson(element?.textContent ?? '{}');
}
