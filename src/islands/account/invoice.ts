/**
 * The invoice PDF of a customer's order: GET /api/ExternalOrderApi/order/{id}/invoice needs the
 * bearer token, which a plain link cannot send, so the PDF is fetched and handed to the browser as
 * a download (invoice-<ref>.pdf). Returns an error text, or null.
 */
import { pathFor } from '../../api/contract/paths.ts';
import { parseToken, tokenRaw } from '../../stores/session.ts';
import { m } from '../../i18n/generated/messages.js';

export async function downloadInvoice(orderId: number, ref: string): Promise<string | null> {
  const t = parseToken(tokenRaw.get());
  try {
    const res = await fetch(pathFor('orderInvoice', { id: orderId }), { headers: t ? { authorization: `Bearer ${t.token}` } : {} });
    if (!res.ok) return res.status === 404 ? m.account_orderNotFound() : m.catalog_serverError();
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `invoice-${ref}.pdf`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return null;
  } catch {
    return m.catalog_serverError();
  }
}
