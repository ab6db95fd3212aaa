/**
 * Newsletter (issue 15 item 1; spec §2, §4, §5, §8): subscribe from the footer's link, already
 * subscribed, unsubscribe, and the two unsubscribe errors as their own messages, against the
 * real shop API, in de and ro. Bad input is announced and keeps what was typed.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';

// Islands hydrate and the shop API answers slowly on a loaded machine: generous waits, a longer test time.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
import { aboutPath, decided, offline, url, viewport, type Shop } from '../chrome/helpers.ts';
import { expectNoSeriousViolations } from '../cart/cart-helpers.ts';

const TEXT = {
  de: {
    confirm: 'Anmeldung bestätigen',
    unsubscribe: 'Abmelden',
    field: 'E-Mail-Adresse',
    subscribed: (e: string) => `Vielen Dank! ${e} ist jetzt für unseren Newsletter angemeldet.`,
    already: (e: string) => `${e} ist bereits für unseren Newsletter angemeldet.`,
    done: (e: string) => `${e} wurde vom Newsletter abgemeldet.`,
    notFound: (e: string) => `Die E-Mail-Adresse ${e} wurde nicht gefunden: Sie ist nicht für den Newsletter angemeldet.`,
    alreadyOut: (e: string) => `${e} ist bereits vom Newsletter abgemeldet.`,
    invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
    required: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
    connection: 'Bei der Verbindung zum Server ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  },
  ro: {
    confirm: 'Confirmă abonarea',
    unsubscribe: 'Dezabonează-mă',
    field: 'Adresă de e-mail',
    subscribed: (e: string) => `Vă mulțumim! ${e} este acum abonat la newsletterul nostru.`,
    already: (e: string) => `${e} este deja abonat la newsletterul nostru.`,
    done: (e: string) => `${e} a fost dezabonat de la newsletter.`,
    notFound: (e: string) => `Adresa de e-mail ${e} nu a fost găsită: nu este abonată la newsletter.`,
    alreadyOut: (e: string) => `${e} este deja dezabonat de la newsletter.`,
    invalid: 'Vă rugăm să introduceți o adresă de e-mail validă, de ex. nume@exemplu.ro.',
    required: 'Vă rugăm să introduceți adresa de e-mail.',
    connection: 'A apărut o eroare la conectarea la server. Vă rugăm să încercați din nou mai târziu.',
  },
};

const result = (page: Page) => page.locator('[data-newsletter-result]');
const unique = (shop: Shop) => `nl-${shop}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

test.beforeEach(async ({ context }) => {
  await offline(context);
  for (const shop of ['de', 'ro'] as const) await decided(context, shop);
});

for (const shop of ['de', 'ro'] as const) {
  const T = TEXT[shop];
  test(`${shop}: subscribe from the footer, already subscribed, unsubscribe, already unsubscribed, not found`, async ({ page }) => {
    const email = unique(shop);
    await page.goto(url(shop, aboutPath(shop)));
    await page.locator('#newsletter-email').fill(email);
    await page.locator('#newsletter-email').press('Enter');
    await expect(page).toHaveURL(/\/newsletter\?email=/);
    const field = page.locator('main').getByRole('textbox', { name: T.field });
    await expect(field).toHaveValue(email);
    // nothing is sent before the shopper confirms
    await expect(result(page)).toBeEmpty();
    await page.getByRole('button', { name: T.confirm }).click();
    await expect(result(page)).toHaveText(T.subscribed(email));
    await page.getByRole('button', { name: T.confirm }).click();
    await expect(result(page)).toHaveText(T.already(email));

    await page.goto(url(shop, '/newsletter-unsubscribe'));
    await page.locator('main').getByRole('textbox', { name: T.field }).fill(email);
    await page.getByRole('button', { name: T.unsubscribe }).click();
    await expect(result(page)).toHaveText(T.done(email));
    await page.getByRole('button', { name: T.unsubscribe }).click();
    await expect(result(page)).toHaveText(T.alreadyOut(email));
    const stranger = unique(shop);
    await page.locator('main').getByRole('textbox', { name: T.field }).fill(stranger);
    await page.getByRole('button', { name: T.unsubscribe }).click();
    await expect(result(page)).toHaveText(T.notFound(stranger));
  });

  test(`${shop}: a missing or malformed e-mail is announced at the field, focused, and kept`, async ({ page }) => {
    await page.goto(url(shop, '/newsletter'));
    const field = page.locator('main').getByRole('textbox', { name: T.field });
    await page.getByRole('button', { name: T.confirm }).click();
    await expect(field).toHaveAccessibleDescription(T.required);
    await expect(field).toBeFocused();
    await field.fill('max@');
    await page.getByRole('button', { name: T.confirm }).click();
    await expect(field).toHaveAccessibleDescription(T.invalid);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('max@');
    await expect(result(page)).toBeEmpty();
  });
}

test('the API unreachable: the connection text, the e-mail stays; a signed link passes its signature to the API', async ({ page }) => {
  await page.route('**/api/newsletter**', (route) => route.abort('connectionrefused'));
  await page.goto(url('de', '/newsletter?email=max%2Bshop%40example.de'));
  await page.getByRole('button', { name: TEXT.de.confirm }).click();
  await expect(result(page)).toHaveText(TEXT.de.connection);
  await expect(page.locator('main').getByRole('textbox', { name: TEXT.de.field })).toHaveValue('max+shop@example.de');
  await page.unroute('**/api/newsletter**');

  await page.goto(url('ro', '/newsletter-unsubscribe?email=ioana%40example.ro&sig=c2lnbmVk&exp=1893456000'));
  await expect(page.locator('main').getByRole('textbox', { name: TEXT.ro.field })).toHaveValue('ioana@example.ro');
  const sent = page.waitForRequest('**/api/newsletter/unsubscribe');
  await page.getByRole('button', { name: TEXT.ro.unsubscribe }).click();
  expect((await sent).postDataJSON()).toEqual({ sig: 'c2lnbmVk', exp: '1893456000', email: 'ioana@example.ro' });
  await expect(result(page)).not.toBeEmpty();
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
    test(`${shop} at ${width} px: axe on /newsletter-unsubscribe with a field error`, async ({ page }) => {
      await page.setViewportSize(viewport(width));
      await page.goto(url(shop, '/newsletter-unsubscribe'));
      const field = page.locator('main').getByRole('textbox', { name: TEXT[shop].field });
      await field.fill('nope');
      await page.getByRole('button', { name: TEXT[shop].unsubscribe }).click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page);
    });
  }
