/**
 * The texts of the mails the shop API sends, in the shop's language (German for the de and at
 * shops, Romanian for ro): the language comes from the request's or the order's locale, else the
 * customer's (stored at registration); German when none is known.
 */
export type MailLanguage = 'de' | 'ro';

export function mailLanguage(...locales: (string | null | undefined)[]): MailLanguage {
  const locale = locales.find((l) => typeof l === 'string' && l.length > 0);
  return locale && /^ro(_|$)/.test(locale) ? 'ro' : 'de';
}

const money = (amount: number, currency: string, lang: MailLanguage) =>
  `${amount.toLocaleString(lang === 'ro' ? 'ro-RO' : 'de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

export function passwordResetMail(lang: MailLanguage, o: { firstname: string; link: string }) {
  return lang === 'ro'
    ? {
        subject: 'Resetarea parolei',
        text: `Bună ziua, ${o.firstname},\n\npentru a vă reseta parola, deschideți acest link (valabil 1 oră):\n${o.link}\n\nDacă nu ați solicitat acest lucru, ignorați acest mesaj.\n`,
      }
    : {
        subject: 'Passwort zurücksetzen',
        text: `Hallo ${o.firstname},\n\nzum Zurücksetzen Ihres Passworts öffnen Sie diesen Link (1 Stunde gültig):\n${o.link}\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht.\n`,
      };
}

export function orderConfirmationMail(
  lang: MailLanguage,
  o: { firstname: string; ref: string; total: number; currency: string; invoiceUrl: string; transfer?: { name: string; iban: string; bic: string } },
) {
  const total = money(o.total, o.currency, lang);
  if (lang === 'ro') {
    const transfer = o.transfer ? `\nVă rugăm să transferați ${total} către ${o.transfer.name}, IBAN ${o.transfer.iban}, BIC ${o.transfer.bic}, referință ${o.ref}.\n` : '';
    return {
      subject: `Comanda ${o.ref}`,
      text: `Bună ziua, ${o.firstname},\n\nvă mulțumim pentru comanda ${o.ref} în valoare de ${total}.\n${transfer}\nFactura: ${o.invoiceUrl}\n`,
    };
  }
  const transfer = o.transfer ? `\nBitte überweisen Sie ${total} an ${o.transfer.name}, IBAN ${o.transfer.iban}, BIC ${o.transfer.bic}, Verwendungszweck ${o.ref}.\n` : '';
  return { subject: `Bestellung ${o.ref}`, text: `Hallo ${o.firstname},\n\nvielen Dank für Ihre Bestellung ${o.ref} über ${total}.\n${transfer}\nRechnung: ${o.invoiceUrl}\n` };
}

export function shippedMail(lang: MailLanguage, o: { firstname: string; ref: string; pickup: boolean; tracking: string | null }) {
  if (lang === 'ro') {
    const how = o.pickup ? 'Comanda dumneavoastră este pregătită pentru ridicare.' : 'Comanda dumneavoastră este pe drum.';
    return {
      subject: `Comanda ${o.ref} a fost expediată`,
      text: `Bună ziua, ${o.firstname},\n\n${how}\n${o.tracking ? `Număr de urmărire: ${o.tracking}\n` : ''}\nComanda: ${o.ref}\n`,
    };
  }
  const how = o.pickup ? 'Ihre Bestellung liegt zur Abholung bereit.' : 'Ihre Bestellung ist unterwegs.';
  return { subject: `Bestellung ${o.ref} versandt`, text: `Hallo ${o.firstname},\n\n${how}\n${o.tracking ? `Sendungsnummer: ${o.tracking}\n` : ''}\nBestellung: ${o.ref}\n` };
}

/** The newsletter mail: a welcome, or a note that the address was already on the list; always with the unsubscribe link. */
export function newsletterMail(lang: MailLanguage, o: { already: boolean; link: string }) {
  if (lang === 'ro') {
    return { subject: 'Newsletter', text: `${o.already ? 'Această adresă este deja abonată la newsletter.' : 'Vă mulțumim pentru abonare.'}\n\nDezabonare: ${o.link}\n` };
  }
  return { subject: 'Newsletter', text: `${o.already ? 'Diese Adresse erhält unseren Newsletter bereits.' : 'Danke für Ihre Anmeldung zum Newsletter.'}\n\nAbmelden: ${o.link}\n` };
}
