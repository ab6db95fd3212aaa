/** Mails go out in the shop's language: Romanian for the ro shop, German for de and at. */
import { beforeAll, describe, expect, it } from 'vitest';
import { mailLanguage, orderConfirmationMail, shippedMail } from '../../server/lib/mail-texts.ts';
import { makeApi, registerCustomer, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await makeApi();
});

describe('mail language', () => {
  it('the request or order locale first, then the customer locale, German when none', () => {
    expect(mailLanguage('ro_RO', 'de_DE')).toBe('ro');
    expect(mailLanguage(undefined, 'ro_RO')).toBe('ro');
    expect(mailLanguage(null, 'ro')).toBe('ro');
    expect(mailLanguage('de_AT', 'ro_RO')).toBe('de');
    expect(mailLanguage(null, null)).toBe('de');
    expect(mailLanguage('', 'romanian?')).toBe('de');
  });

  it('the password-reset mail of a Romanian customer is Romanian, of a German one German', async () => {
    const ro = await registerCustomer(api, { locale: 'ro_RO' });
    const de = await registerCustomer(api, { locale: 'de_DE' });
    await api.call('forgotPassword', { body: { email: ro.email } });
    expect(api.mails.at(-1)!.subject).toBe('Resetarea parolei');
    expect(api.mails.at(-1)!.text).toMatch(/^Bună ziua, Anna,\n\npentru a vă reseta parola.*\n.*\/forgot-password\?token=/);
    await api.call('forgotPassword', { body: { email: de.email } });
    expect(api.mails.at(-1)!.subject).toBe('Passwort zurücksetzen');
    // The shop's locale sent with the request wins over the stored one.
    await api.call('forgotPassword', { body: { email: de.email, locale: 'ro_RO' } });
    expect(api.mails.at(-1)!.subject).toBe('Resetarea parolei');
  });

  it("order and shipping mails in each language, amounts in the language's number format", () => {
    const order = {
      firstname: 'Ioana',
      ref: 'ORD000000012',
      total: 1234.5,
      currency: 'EUR',
      invoiceUrl: 'https://shop.ro/guest/invoice/x',
      transfer: { name: 'Shop', iban: 'RO49AAAA1B31007593840000', bic: 'AAAARO22' },
    };
    const ro = orderConfirmationMail('ro', order);
    expect(ro.subject).toBe('Comanda ORD000000012');
    expect(ro.text).toContain('în valoare de 1.234,50 EUR');
    expect(ro.text).toContain('Vă rugăm să transferați 1.234,50 EUR');
    const de = orderConfirmationMail('de', { ...order, transfer: undefined });
    expect(de.subject).toBe('Bestellung ORD000000012');
    expect(de.text).toContain('über 1.234,50 EUR');
    expect(de.text).not.toContain('überweisen');
    expect(shippedMail('ro', { firstname: 'Ioana', ref: 'ORD1', pickup: false, tracking: 'CA123' }).text).toContain('Număr de urmărire: CA123');
    expect(shippedMail('de', { firstname: 'Anna', ref: 'ORD1', pickup: true, tracking: null }).text).toContain('zur Abholung bereit');
  });
});
