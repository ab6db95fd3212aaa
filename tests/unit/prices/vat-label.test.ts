import { describe, expect, it } from 'vitest';
import { vatLabelOf, vatLabelText } from '../../../src/catalog/vat-label.ts';

const texts = { vat0: 'VAT 0%', incl: (p: number, t: string) => `inkl. ${p}% ${t}`, inclMixed: (t: string) => `inkl. ${t}` };

describe('the VAT label (one rule for the product page and the cart)', () => {
  it("VAT excluded and a 0% rate read VAT 0%; a zero-rated category may carry the shop's own title", () => {
    expect(vatLabelText(vatLabelOf(true, 19), 'Ust.', texts)).toBe('VAT 0%');
    expect(vatLabelText(vatLabelOf(false, 0), 'Ust.', texts)).toBe('VAT 0%');
    expect(vatLabelText(vatLabelOf(false, 0), 'Ust.', texts, 'MwSt.-frei')).toBe('MwSt.-frei');
    expect(vatLabelText(vatLabelOf(true, 0), 'Ust.', texts, 'MwSt.-frei')).toBe('VAT 0%');
  });
  it('one rate names it; several rates only the tax title', () => {
    expect(vatLabelText(vatLabelOf(false, 19), 'Ust.', texts)).toBe('inkl. 19% Ust.');
    expect(vatLabelText(vatLabelOf(false, null), 'TVA', texts)).toBe('inkl. TVA');
  });
});
