/**
 * Browser tests store a session exactly as the shop does: the entries of `sessionEntries` (the
 * pure half of `saveSession`) for an answer of the shop API, or for a made-up one where only the
 * header's logged-in state matters.
 */
import type { Page } from '@playwright/test';
import { sessionEntries, type SessionAnswer } from '../../../src/stores/session.ts';

/** A made-up session answer (valid for an hour), for pages that only look at the logged-in state. */
export function fakeSession(flags: Partial<SessionAnswer['customer']> = {}, customerId = 1): SessionAnswer {
  return {
    token: 'jwt',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    customer_id: customerId,
    address_id: null,
    user_identifier: `CUS${customerId}`,
    customer: { EMAIL: 'someone@example.com', IS_ADMIN: false, IS_COMPANY: false, EXCLUDE_VAT: false, ...flags },
  };
}

/** The localStorage entries of a session answer. */
export const sessionStorageEntries = (answer: SessionAnswer): Record<string, string> => sessionEntries(answer);

/** Writes a session answer into the page's localStorage in saveSession's order (the page must be on the shop's origin). */
export async function storeSession(page: Page, answer: SessionAnswer): Promise<void> {
  await page.evaluate((entries) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, sessionEntries(answer));
}

/** Registers through the page's /api (the shop API) and returns the answer's session data. */
export async function registerInPage(page: Page, body: Record<string, unknown>): Promise<SessionAnswer & { customer: SessionAnswer['customer'] & Record<string, unknown> }> {
  return page.evaluate(async (b) => {
    const res = await (await fetch('/api/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })).json();
    if (res.status_code !== 200) throw new Error(JSON.stringify(res));
    return res.data;
  }, body);
}
