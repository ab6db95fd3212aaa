/**
 * Newsletter (issue 15 item 1; spec §2, §4, §5, §8; decision 0009) against the real shop API, in
 * de and ro: subscribing from the footer answers the same for every address (only the mail says
 * more); unsubscribing works from the mail's signed link (read from the test API's outbox), and
 * with a valid link 'email not found' and 'already unsubscribed' are their own messages; without
 * a link or with a forged one the page says the link is invalid and how to get one. The
 * logged-in customer sees and changes the subscription in /account. Bad input is announced and
 * keeps what was typed.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEV_SECRET } from '../../../server/config.ts';
import { newsletterSignature } from '../../../server/lib/auth.ts';
import { aboutPath, decided, offline, url, viewport, type Shop } from '../chrome/helpers.ts';
import { expectNoSeriousViolations } from '../cart/cart-helpers.ts';
import { apiCustomer, mailTo } from '../account/helpers.ts';
import { storeSession } from '../setup/session.ts';

// Islands hydrate and the shop API answers slowly on a loaded machine: generous waits, a longer test time.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const TEXT = {
  de: {
    confirm: 'Anmeldung bestätigen',
    unsubscribe: 'Abmelden',
    field: 'E-Mail-Adresse',
    subscribed: (e: string) => `Vielen Dank! Die Anmeldung für ${e} ist eingegangen. Wir haben Ihnen eine E-Mail geschickt, mit der Sie sich jederzeit wieder abmelden können.`,
    already: (e: string) => `${e} ist bereits für unseren Newsletter angemeldet.`,
    done: (e: string) => `${e} wurde vom Newsletter abgemeldet.`,
    notFound: (e: string) => `Die E-Mail-Adresse ${e} wurde nicht gefunden: Sie ist nicht für den Newsletter angemeldet.`,
    alreadyOut: (e: string) => `${e} ist bereits vom Newsletter abgemeldet.`,
    invalidLink: 'Dieser Abmeldelink ist ungültig. Bitte verwenden Sie den Link in unserer Newsletter-Mail.',
    howTo: /Jede Newsletter-Mail enthält am Ende Ihren persönlichen Abmeldelink/,
    invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
    required: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
    connection: 'Bei der Verbindung zum Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
    on: (e: string) => `${e} ist für unseren Newsletter angemeldet.`,
    off: (e: string) => `${e} ist nicht für unseren Newsletter angemeldet.`,
    accountSubscribe: 'Newsletter abonnieren',
    accountUnsubscribe: 'Newsletter abbestellen',
  },
  ro: {
    confirm: 'Confirmă abonarea',
    unsubscribe: 'Dezabonează-mă',
    field: 'Adresă de e-mail',
    subscribed: (e: string) => `Vă mulțumim! Am primit abonarea pentru ${e}. V-am trimis un e-mail prin care vă puteți dezabona oricând.`,
    already: (e: string) => `${e} este deja abonat la newsletterul nostru.`,
    done: (e: string) => `${e} a fost dezabonat de la newsletter.`,
    notFound: (e: string) => `Adresa de e-mail ${e} nu a fost găsită: nu este abonată la newsletter.`,
    alreadyOut: (e: string) => `${e} este deja dezabonat de la newsletter.`,
    invalidLink: 'Acest link de dezabonare nu este valid. Vă rugăm să folosiți linkul din e-mailul nostru cu newsletterul.',
    howTo: /Fiecare e-mail cu newsletterul conține la sfârșit linkul dumneavoastră personal de dezabonare/,
    invalid: 'Vă rugăm să introduceți o adresă de e-mail validă, de ex. nume@exemplu.ro.',
    required: 'Vă rugăm să introduceți adresa de e-mail.',
    connection: 'A apărut o eroare la conectarea la server. Vă rugăm să încercați din nou mai târziu.',
    on: (e: string) => `${e} este abonat la newsletterul nostru.`,
    off: (e: string) => `${e} nu este abonat la newsletterul nostru.`,
    accountSubscribe: 'Abonează-te la newsletter',
    accountUnsubscribe: 'Dezabonează-te de la newsletter',
  },
};

const result = (page: Page) => page.locator('[data-newsletter-result]');
const field = (page: Page, shop: Shop) => page.locator('main').getByRole('textbox', { name: TEXT[shop as 'de' | 'ro'].field });
const unique = (shop: Shop) => `nl-${shop}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
/** The unsubscribe link of the newest mail to `email`: its path and query (the mail names the de shop's origin). */
const linkInMail = async (email: string) => {
  const mail = await mailTo(email);
  const link = /https?:\/\/\S+\/newsletter-unsubscribe\?\S+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  const u = new URL(link!);
  return `${u.pathname}${u.search}`;
};
/** A signed link made as the API makes it (the test API runs with the development secret unless API_SECRET is set). */
const signedLink = (email: string) => `/newsletter-unsubscribe?email=${encodeURIComponent(email)}&sig=${newsletterSignature(process.env.API_SECRET ?? DEV_SECRET, email)}`;

test.beforeEach(async ({ context }) => {
  await offline(context);
  for (const shop of ['de', 'ro'] as const) await decided(context, shop);
});

for (const shop of ['de', 'ro'] as const) {
  const T = TEXT[shop];
  test(`${shop}: subscribe from the footer (the same answer twice), unsubscribe from the mail's link, then already unsubscribed`, async ({ page }) => {
    const email = unique(shop);
    await page.goto(url(shop, aboutPath(shop)));
    await page.locator('#newsletter-email').fill(email);
    await page.locator('#newsletter-email').press('Enter');
    await expect(page).toHaveURL(/\/newsletter\?email=/);
    await expect(field(page, shop)).toHaveValue(email);
    // nothing is sent before the shopper confirms
    await expect(result(page)).toBeEmpty();
    await page.getByRole('button', { name: T.confirm }).click();
    await expect(result(page)).toHaveText(T.subscribed(email));
    // again: the same neutral answer (no stranger learns whether an address is on the list)
    await page.getByRole('button', { name: T.confirm }).click();
    await expect(result(page)).toHaveText(T.subscribed(email));

    await page.goto(url(shop, await linkInMail(email)));
    await expect(field(page, shop)).toHaveValue(email);
    await expect(field(page, shop)).toHaveAttribute('readonly', '');
    await expect(result(page)).toBeEmpty();
    await page.getByRole('button', { name: T.unsubscribe }).click();
    await expect(result(page)).toHaveText(T.done(email));
    await page.getByRole('button', { name: T.unsubscribe }).click();
    await expect(result(page)).toHaveText(T.alreadyOut(email));
  });

  test(`${shop}: a signed link of an address that was never subscribed says 'not found'`, async ({ page }) => {
    const stranger = unique(shop);
    await page.goto(url(shop, signedLink(stranger)));
    await page.getByRole('button', { name: T.unsubscribe }).click();
    await expect(result(page)).toHaveText(T.notFound(stranger));
  });

  test(`${shop}: without a link, or with a forged one, the page says the link is invalid and how to get one`, async ({ page }) => {
    await page.goto(url(shop, '/newsletter-unsubscribe'));
    await expect(result(page)).toHaveText(T.invalidLink);
    await expect(page.getByText(T.howTo)).toBeVisible();
    await expect(page.getByRole('button', { name: T.unsubscribe })).toBeHidden();

    const email = unique(shop);
    await page.goto(url(shop, `/newsletter-unsubscribe?email=${encodeURIComponent(email)}&sig=${'x'.repeat(32)}`));
    const answered = page.waitForResponse('**/api/newsletter/unsubscribe');
    await page.getByRole('button', { name: T.unsubscribe }).click();
    expect((await answered).status()).toBe(403);
    await expect(result(page)).toHaveText(T.invalidLink);
    await expect(page.getByText(T.howTo)).toBeVisible();
  });

  test(`${shop}: a missing or malformed e-mail is announced at the field, focused, and kept`, async ({ page }) => {
    await page.goto(url(shop, '/newsletter'));
    await page.getByRole('button', { name: T.confirm }).click();
    await expect(field(page, shop)).toHaveAccessibleDescription(T.required);
    await expect(field(page, shop)).toBeFocused();
    await field(page, shop).fill('max@');
    await page.getByRole('button', { name: T.confirm }).click();
    await expect(field(page, shop)).toHaveAccessibleDescription(T.invalid);
    await expect(field(page, shop)).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, shop)).toHaveValue('max@');
    await expect(result(page)).toBeEmpty();
  });

  test(`${shop}: the logged-in customer sees the subscription in /account and changes it; /newsletter tells them it is already on`, async ({ page }) => {
    await page.goto(url(shop, aboutPath(shop)));
    const c = await apiCustomer(page, shop);
    await storeSession(page, c.answer);
    await page.goto(url(shop, '/account'));
    const box = page.locator('[data-newsletter-account]');
    await expect(box.locator('[data-newsletter-state]')).toHaveText(T.off(c.email));
    await box.getByRole('button', { name: T.accountSubscribe }).click();
    await expect(box.getByRole('status')).toHaveText(T.subscribed(c.email));
    await expect(box.locator('[data-newsletter-state]')).toHaveText(T.on(c.email));
    await expect(box.getByRole('button', { name: T.accountUnsubscribe })).toBeVisible();
    // the welcome mail carries the signed link
    expect(await linkInMail(c.email)).toContain('/newsletter-unsubscribe?email=');

    // their own address on /newsletter: told it is already subscribed
    await page.goto(url(shop, `/newsletter?email=${encodeURIComponent(c.email)}`));
    await page.getByRole('button', { name: T.confirm }).click();
    await expect(result(page)).toHaveText(T.already(c.email));

    await page.goto(url(shop, '/account'));
    await box.getByRole('button', { name: T.accountUnsubscribe }).click();
    await expect(box.getByRole('status')).toHaveText(T.done(c.email));
    await expect(box.locator('[data-newsletter-state]')).toHaveText(T.off(c.email));
    await page.reload();
    await expect(box.locator('[data-newsletter-state]')).toHaveText(T.off(c.email));
  });
}

test('the API unreachable: the connection text, the e-mail stays', async ({ page }) => {
  await page.route('**/api/newsletter**', (route) => route.abort('connectionrefused'));
  await page.goto(url('de', '/newsletter?email=max%2Bshop%40example.de'));
  await page.getByRole('button', { name: TEXT.de.confirm }).click();
  await expect(result(page)).toHaveText(TEXT.de.connection);
  await expect(field(page, 'de')).toHaveValue('max+shop@example.de');
});

for (const shop of ['de', 'ro'] as const)
  for (const width of [390, 1280]) {
    test(`${shop} at ${width} px: axe on /newsletter with a result`, async ({ page }) => {
      await page.setViewportSize(viewport(width));
      await page.goto(url(shop, `/newsletter?email=${encodeURIComponent(unique(shop))}`));
      await page.getByRole('button', { name: TEXT[shop].confirm }).click();
      await expect(result(page)).not.toBeEmpty();
      await expectNoSeriousViolations(page);
    });
    test(`${shop} at ${width} px: axe on /newsletter-unsubscribe with a result`, async ({ page }) => {
      await page.setViewportSize(viewport(width));
      await page.goto(url(shop, signedLink(unique(shop))));
      await page.getByRole('button', { name: TEXT[shop].unsubscribe }).click();
      await expect(result(page)).not.toBeEmpty();
      await expectNoSeriousViolations(page);
    });
  }
