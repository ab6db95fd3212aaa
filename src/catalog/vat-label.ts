/**
 * The VAT label next to a price or the cart's goods (spec §6): 'VAT 0%' when VAT is excluded (a
 * company) or the rate is 0 (the shop's own title for its zero-rated categories, when it has
 * one); else 'incl. 19% Ust.', or 'incl. Ust.' when the cart's lines have different rates. The
 * one rule of the product page (per price mode, at build time) and the cart's sums.
 */
export type VatLabel = { kind: 'excluded' } | { kind: 'zero' } | { kind: 'incl'; percent: number | null };

/** The label for VAT excluded or one rate (null: several rates). */
export function vatLabelOf(excluded: boolean, percent: number | null): VatLabel {
  if (excluded) return { kind: 'excluded' };
  return percent === 0 ? { kind: 'zero' } : { kind: 'incl', percent };
}

export interface VatTexts {
  /** 'VAT 0%'. */
  vat0: string;
  /** 'incl. {percent}% {title}'. */
  incl: (percent: number, title: string) => string;
  /** 'incl. {title}'. */
  inclMixed: (title: string) => string;
}

export function vatLabelText(label: VatLabel, taxTitle: string, texts: VatTexts, zeroTitle = ''): string {
  if (label.kind === 'excluded') return texts.vat0;
  if (label.kind === 'zero') return zeroTitle || texts.vat0;
  return label.percent === null ? texts.inclMixed(taxTitle) : texts.incl(label.percent, taxTitle);
}
