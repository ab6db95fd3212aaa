/**
 * Friendly URLs as Thelia writes them: flat `words-with-dashes.html`.
 * German umlauts are transliterated (ä -> ae, ö -> oe, ü -> ue, ß -> ss), Romanian diacritics
 * (ă â î ș ț, also the cedilla forms ş ţ) lose their marks.
 */
const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', ẞ: 'SS' };

export function slugify(text: string): string {
  return text
    .replace(/[äöüÄÖÜßẞ]/g, (c) => GERMAN[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Removes the diacritics that WinAnsi (the PDF standard fonts) cannot encode: ă ș ț and friends. */
export function toWinAnsi(text: string): string {
  return text
    .replace(/[ăĂșȘțȚşŞţŢ]/g, (c) => c.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .replace(/[„“”]/g, '"')
    .replace(/[–—]/g, '-');
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
