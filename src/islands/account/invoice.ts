/**
 * The invoice PDF of a customer's order: GET /api/ExternalOrderApi/order/{id}/invoice needs the
 * bearer token, which a plain link cannot send, so the PDF is fetched and handed to the browser as
 * a download (invoice-<ref>.pdf). Returns an error text, or null.
 */
import { pathFor } from '../../api/contract/paths.ts';
import { storedBearer } from '../../api/token.ts';
import { m } from '../../i18n/generated/messages.js';

export async function downloadInvoice(orderId: number, ref: string): Promise<string | null> {
  const token = storedBearer();
  try {
    const res = await fetch(pathFor('orderInvoice', { id: orderId }), { headers: token ? { authorization: `Bearer ${token}` } : {} });
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
