/**
 * The bank transfer (Vorkasse) payment slip: recipient, IBAN, BIC, amount, reference, and the EPC
 * (GiroCode) QR code of POST /api/ExternalOrderApi/getQrCode that a banking app scans. Used by
 * /order-placed; the account's order detail may show it too.
 */
import { useEffect, useState } from 'react';
import { call } from '../../api/client.ts';
import { m } from '../../i18n/generated/messages.js';

export interface Transfer {
  iban: string;
  bic: string;
  name: string;
  amount: number;
  currency: string;
  reference: string;
}

/** 'DE89 3704 0044 0532 0130 00': an IBAN in groups of four, as printed on slips. */
export function groupIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

export function TransferSlip({ orderId, transfer, fmt }: { orderId: number; transfer: Transfer | null; fmt: (cents: number) => string }) {
  const [qr, setQr] = useState<{ status: 'loading' } | { status: 'ready'; src: string; transfer: Transfer } | { status: 'error' }>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    call('qrCode', { body: { order_id: orderId } })
      .then((r) => live && setQr({ status: 'ready', src: r.data.qr, transfer: r.data.bank_transfer }))
      .catch((e: unknown) => {
        console.warn('slip: QR code', e);
        if (live) setQr({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [orderId]);
  const t = qr.status === 'ready' ? qr.transfer : transfer;
  return (
    <section className="outcome__box" aria-labelledby="slip-title" data-transfer-slip>
      <h2 id="slip-title">{m.slip_title()}</h2>
      <div className="slip">
        {t ? (
          <dl>
            <dt>{m.slip_recipient()}</dt>
            <dd data-slip="name">{t.name}</dd>
            <dt>{m.slip_iban()}</dt>
            <dd data-slip="iban">{groupIban(t.iban)}</dd>
            <dt>{m.slip_bic()}</dt>
            <dd data-slip="bic">{t.bic}</dd>
            <dt>{m.slip_amount()}</dt>
            <dd data-slip="amount">{fmt(Math.round(t.amount * 100))}</dd>
            <dt>{m.slip_reference()}</dt>
            <dd data-slip="reference">{t.reference}</dd>
          </dl>
        ) : (
          <p>{m.placed_loading()}</p>
        )}
        <div className="slip__qrbox">
          {qr.status === 'ready' && <img className="slip__qr" src={qr.src} width={220} height={220} alt={m.slip_qr()} data-slip-qr />}
          {qr.status === 'loading' && <span className="slip__qr" aria-hidden="true" />}
          {qr.status === 'error' ? <span>{m.slip_qrFailed()}</span> : <span>{m.slip_scan()}</span>}
        </div>
      </div>
    </section>
  );
}
