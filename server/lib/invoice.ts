/** The invoice PDF of an order (pdf-lib, standard Helvetica; text limited to what WinAnsi can show). */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { OrderItem, OrderProductItem } from '../../src/api/contract/order.ts';

/**
 * What the PDF's standard font (WinAnsi) can draw, whatever is stored: Latin-1 and the euro sign
 * are kept; line breaks and tabs become a space; other control characters (C0, DEL, C1: the font
 * has no glyph for them, and pdf-lib throws) are dropped; other letters lose their accents
 * (ș -> s); the rest becomes '?'. Data stored before the API refused control characters prints.
 */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || ch === '€') out += ch;
    else if (ch === '\n' || ch === '\t' || ch === '\r' || ch === '\u2028' || ch === '\u2029') out += ' ';
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) continue;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f\u0326\u0327]/g, '');
      out += [...base].every((c) => {
        const b = c.codePointAt(0)!;
        return (b >= 0x20 && b <= 0x7e) || (b >= 0xa0 && b <= 0xff);
      })
        ? base
        : '?';
    }
  }
  return out;
}

const money = (n: number, currency: string) => `${n.toFixed(2).replace('.', ',')} ${currency === 'EUR' ? '€' : currency}`;

export async function invoicePdf(order: OrderItem, products: OrderProductItem[], shop: { name: string; iban: string; bic: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Rechnung ${order.REF}`);
  doc.setCreator('storefront shop API');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([595, 842]);
  let y = 800;
  const text = (s: string, x: number, size = 10, f = font) => page.drawText(pdfSafe(s), { x, y, size, font: f, color: rgb(0, 0, 0) });
  const right = (s: string, xRight: number, size = 10, f = font) => {
    const safe = pdfSafe(s);
    page.drawText(safe, { x: xRight - f.widthOfTextAtSize(safe, size), y, size, font: f });
  };
  text(shop.name, 50, 14, bold);
  y -= 30;
  text(`Rechnung / Invoice ${order.REF}`, 50, 16, bold);
  y -= 20;
  text(`Datum: ${order.CREATE_DATE.slice(0, 10)}   Status: ${order.STATUS}   Zahlung: ${order.PAYMENT_MODULE}   Versand: ${order.DELIVERY_MODULE}`, 50, 9);
  y -= 30;
  const a = order.INVOICE_ADDRESS;
  for (const line of [[a.COMPANY ?? ''], [`${a.FIRSTNAME} ${a.LASTNAME}`], [`${a.ADDRESS1} ${a.ADDRESS2}`], [a.ADDRESS3 ?? ''], [`${a.ZIPCODE} ${a.CITY}`], [a.COUNTRY_TITLE]]) {
    if (!line[0]!.trim()) continue;
    text(line[0]!, 50);
    y -= 14;
  }
  y -= 20;
  text('Artikel', 50, 10, bold);
  right('Menge', 360, 10, bold);
  right('Einzelpreis', 450, 10, bold);
  right('Summe', 545, 10, bold);
  y -= 16;
  for (const p of products) {
    if (y < 120) {
      page = doc.addPage([595, 842]);
      y = 800;
    }
    text(`${p.REF}  ${p.TITLE}`.slice(0, 60), 50);
    right(String(p.QUANTITY), 360);
    right(money(p.TAXED_PRICE, order.CURRENCY), 450);
    right(money(p.TOTAL_TAXED_PRICE, order.CURRENCY), 545);
    y -= 14;
  }
  y -= 10;
  const totals: [string, number][] = [
    ['Warenwert', order.GOODS],
    [order.VAT_EXCLUDED ? 'USt. 0% (Reverse Charge)' : 'enthaltene USt.', order.VAT],
    ['Versand', order.POSTAGE],
    ['Rabatt' + (order.COUPON_CODE ? ` (${order.COUPON_CODE})` : ''), -order.DISCOUNT],
    ['Gesamt', order.TOTAL],
  ];
  for (const [label, value] of totals) {
    text(label, 360, 10, label === 'Gesamt' ? bold : font);
    right(money(value, order.CURRENCY), 545, 10, label === 'Gesamt' ? bold : font);
    y -= 14;
  }
  if (order.PAYMENT_MODULE === 'Vorkasse') {
    y -= 20;
    text(`Bitte überweisen Sie den Betrag an ${shop.name}, IBAN ${shop.iban}, BIC ${shop.bic}, Verwendungszweck ${order.REF}.`, 50, 9);
  }
  return doc.save();
}
