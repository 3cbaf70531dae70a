/**
 * Smart-TV and TV-stick browsers: old engines whose errors we cannot act on and would flood the
 * intake. Tokens, as they appear in their user agents:
 * Samsung `Tizen`; LG `Web0S`/`webOS`, older `NetCast`; generic `SMART-TV`/`SmartTV`, `HbbTV`;
 * Sony `BRAVIA`; `Roku`; Hisense `VIDAA`; Philips `PhilipsTV`/`NETTV`; Panasonic `Viera`;
 * Chromecast `CrKey`; Google TV `GoogleTV`; Amazon Fire TV models `AFT…` (AFTB, AFTMM, AFTSS…).
 */
const TV_TOKENS = /tizen|web0s|webos|netcast|smart-?tv|hbbtv|bravia|roku|vidaa|philipstv|nettv|viera|crkey|googletv/i;
// Case-sensitive and whole-word: Fire TV models are upper-case codes, and "aft" occurs in words.
const FIRE_TV_MODEL = /\bAFT[A-Z0-9]{1,8}\b/;

export function isSmartTv(userAgent: string): boolean {
  return TV_TOKENS.test(userAgent) || FIRE_TV_MODEL.test(userAgent);
}
