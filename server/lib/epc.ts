/**
 * EPC069-12 ("GiroCode") payload for a SEPA credit transfer, and its QR code (qrcode package).
 *   BCD / 002 / 1 (UTF-8) / SCT / BIC / name / IBAN / EUR<amount> / purpose / remittance ref / text
 */
import QRCode from 'qrcode';

export interface Transfer {
  bic: string;
  name: string;
  iban: string;
  amountCents: number;
  reference: string;
  text?: string;
}

export function epcPayload(t: Transfer): string {
  const amount = `EUR${Math.floor(t.amountCents / 100)}.${String(t.amountCents % 100).padStart(2, '0')}`;
  // a structured creditor reference goes in line 10, free text in line 11; the order ref is free text
  return ['BCD', '002', '1', 'SCT', t.bic, t.name.slice(0, 70), t.iban.replace(/\s/g, ''), amount, '', '', t.reference.slice(0, 140), (t.text ?? '').slice(0, 70)]
    .join('\n')
    .replace(/\n+$/, '');
}

export async function epcQrDataUrl(payload: string): Promise<string> {
  // EPC069-12 requires error correction level M
  return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
}
