/** East Asian wide and full-width characters (kana, kanji, CJK punctuation, full-width forms), shared by the CLI tables and the card's text metrics. */

const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** True for a character a terminal shows two columns wide and a CJK font draws one em wide. */
export function isWide(ch: string): boolean {
  return WIDE.test(ch);
}
