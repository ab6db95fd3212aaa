/**
 * Folders and contents: the information pages with the fixed ids the shop configuration maps
 * routes to (1-15), a hidden draft (16) and twenty blog posts (20-39).
 */
import type { z } from 'zod';
import type { Content, Folder } from '../../src/catalog/export-schema.ts';
import { SAMPLE_FIXTURES } from './fixtures.ts';
import type { PoolDocument, DocumentKey } from './documents.ts';
import type { ImagePool } from './images.ts';
import { Rng, STREAM_TAG } from './prng.ts';
import { HOSTILE_HTML } from './hostile.ts';
import { austrian, SHOP_NAME } from './words.ts';
import { escapeHtml, slugify } from './slug.ts';

type FolderIn = z.input<typeof Folder>;
type ContentIn = z.input<typeof Content>;

const F = SAMPLE_FIXTURES.folders;
const P = SAMPLE_FIXTURES.contentPages;

export function folders(): FolderIn[] {
  const folder = (id: number, parent: number, position: number, de: string, ro: string, urlDe: string, urlRo: string, chapo: [string, string]): FolderIn => ({
    id,
    parent,
    visible: true,
    position,
    i18n: {
      de_DE: { title: de, chapo: chapo[0], metaTitle: `${de} | ${SHOP_NAME}` },
      de_AT: { title: austrian(de), chapo: austrian(chapo[0]), metaTitle: `${austrian(de)} | ${SHOP_NAME}` },
      ro_RO: { title: ro, chapo: chapo[1], metaTitle: `${ro} | ${SHOP_NAME}` },
    },
    url: { de_DE: urlDe, de_AT: urlDe, ro_RO: urlRo },
  });
  return [
    folder(F.info, 0, 1, 'Informationen', 'Informații', 'informationen.html', 'informatii.html', [
      'Rechtliches, Versand und Service rund um Ihre Bestellung.',
      'Informații legale, livrare și servicii legate de comanda dumneavoastră.',
    ]),
    folder(F.blog, 0, 2, 'Blog', 'Blog', 'blog.html', 'blog-ro.html', ['Tipps und Ideen für Haus, Garten und Werkstatt.', 'Sfaturi și idei pentru casă, grădină și atelier.']),
    folder(F.guides, F.blog, 1, 'Ratgeber', 'Ghiduri', 'ratgeber.html', 'ghiduri.html', [
      'Schritt für Schritt erklärt: unsere Anleitungen.',
      'Explicate pas cu pas: ghidurile noastre.',
    ]),
  ];
}

interface PageDef {
  id: number;
  slug: [de: string, ro: string];
  title: [de: string, ro: string];
  chapo: [de: string, ro: string];
  body: [de: string, ro: string];
  documents?: DocumentKey[];
}

const p = (...paragraphs: string[]) => paragraphs.map((x) => (x.startsWith('<') ? x : `<p>${x}</p>`)).join('\n');

const COMPANY = 'Werkhof Handels GmbH, Beispielstraße 12, 04109 Leipzig';

const PAGES: readonly PageDef[] = [
  {
    id: P.about,
    slug: ['ueber-uns.html', 'despre-noi.html'],
    title: ['Über uns', 'Despre noi'],
    chapo: [
      'Seit 1998 Ihr Fachhändler für Werkzeug, Garten und Arbeitskleidung.',
      'Din 1998, magazinul dumneavoastră de specialitate pentru scule, grădină și îmbrăcăminte de lucru.',
    ],
    body: [
      p(
        'Was als kleiner Eisenwarenladen in Leipzig begann, ist heute ein Onlineshop mit Lagern in Leipzig, Wels und Cluj-Napoca.',
        'Unser Team aus Handwerkern und Gärtnern testet jedes Produkt, bevor es ins Sortiment kommt.',
        '<ul><li>Über 100.000 Artikel</li><li>Versand in 1-2 Werktagen</li><li>Persönliche Beratung am Telefon</li></ul>',
      ),
      p(
        'Ceea ce a început ca un mic magazin de fierărie în Leipzig este astăzi un magazin online cu depozite în Leipzig, Wels și Cluj-Napoca.',
        'Echipa noastră de meșteri și grădinari testează fiecare produs înainte de a intra în ofertă.',
        '<ul><li>Peste 100.000 de articole</li><li>Livrare în 1-2 zile lucrătoare</li><li>Consultanță personală la telefon</li></ul>',
      ),
    ],
  },
  {
    id: P.contact,
    slug: ['kontakt.html', 'contact-ro.html'],
    title: ['Kontakt', 'Contact'],
    chapo: ['So erreichen Sie unseren Kundenservice.', 'Așa ne puteți contacta serviciul clienți.'],
    body: [
      p('Telefon: +49 341 000000 (Mo-Fr 8-18 Uhr)', 'E-Mail: service@werkhof.example', `Post: ${COMPANY}`),
      p('Telefon: +40 264 000000 (luni-vineri 8-17)', 'E-mail: contact@werkhof.example', 'Depozit Cluj-Napoca: Strada Exemplului 7, 400000 Cluj-Napoca'),
    ],
  },
  {
    id: P.faq,
    slug: ['faq.html', 'faq-ro.html'],
    title: ['Häufige Fragen', 'Întrebări frecvente'],
    chapo: ['Antworten auf die wichtigsten Fragen zu Bestellung, Versand und Rückgabe.', 'Răspunsuri la cele mai importante întrebări despre comandă, livrare și retur.'],
    body: [
      p(
        '<h3>Wie lange dauert der Versand?</h3>',
        'Lagerware versenden wir innerhalb von 1-2 Werktagen. Speditionsware liefern wir nach telefonischer Terminabsprache.',
        '<h3>Kann ich als Firma ohne Mehrwertsteuer bestellen?</h3>',
        'Ja, mit gültiger USt-IdNr. können Firmenkunden aus der EU netto bestellen.',
      ),
      p(
        '<h3>Cât durează livrarea?</h3>',
        'Produsele aflate în stoc le expediem în 1-2 zile lucrătoare. Mărfurile voluminoase le livrăm după o programare telefonică.',
        '<h3>Pot comanda ca firmă fără TVA?</h3>',
        'Da, clienții persoane juridice din UE cu cod de TVA valabil pot comanda fără TVA.',
      ),
    ],
  },
  {
    id: P.press,
    slug: ['presse.html', 'presa.html'],
    title: ['Presse', 'Presă'],
    chapo: ['Pressemitteilungen und Bildmaterial.', 'Comunicate de presă și materiale foto.'],
    body: [
      p('Für Presseanfragen wenden Sie sich bitte an presse@werkhof.example.', 'Logos und Produktbilder stellen wir gern zur Verfügung.'),
      p('Pentru solicitări de presă vă rugăm să scrieți la presa@werkhof.example.', 'Vă punem cu plăcere la dispoziție logo-uri și imagini de produs.'),
    ],
  },
  {
    id: P.imprint,
    slug: ['impressum.html', 'date-de-identificare.html'],
    title: ['Impressum', 'Date de identificare'],
    chapo: ['Angaben gemäß § 5 DDG.', 'Informații despre operatorul magazinului.'],
    body: [
      p(
        COMPANY,
        'Geschäftsführer: Jana Beispiel, Mihai Exemplu',
        'Registergericht: Amtsgericht Leipzig, HRB 00000',
        'Umsatzsteuer-ID: DE000000000',
        'Plattform der EU-Kommission zur Online-Streitbeilegung: https://ec.europa.eu/consumers/odr',
      ),
      p(
        COMPANY,
        'Administratori: Jana Beispiel, Mihai Exemplu',
        'Registrul comerțului: Amtsgericht Leipzig, HRB 00000',
        'Cod de TVA: DE000000000',
        'Autoritatea Națională pentru Protecția Consumatorilor (ANPC): https://anpc.ro',
      ),
    ],
  },
  {
    id: P.withdrawal,
    slug: ['widerrufsrecht.html', 'dreptul-de-retragere.html'],
    title: ['Widerrufsrecht', 'Dreptul de retragere'],
    chapo: ['Sie können Ihre Bestellung innerhalb von 14 Tagen ohne Angabe von Gründen widerrufen.', 'Puteți renunța la comandă în termen de 14 zile, fără a preciza motivele.'],
    body: [
      p(
        '<h3>Widerrufsbelehrung</h3>',
        'Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag, an dem Sie die Waren in Besitz genommen haben.',
        'Um Ihr Widerrufsrecht auszuüben, müssen Sie uns mittels einer eindeutigen Erklärung über Ihren Entschluss informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden.',
      ),
      p(
        '<h3>Informații privind retragerea</h3>',
        'Perioada de retragere expiră în 14 zile de la data la care intrați în posesia produselor.',
        'Pentru a vă exercita dreptul de retragere, trebuie să ne informați printr-o declarație neechivocă. Puteți folosi formularul de retragere atașat.',
      ),
    ],
    documents: ['withdrawal'],
  },
  {
    id: P.pay,
    slug: ['bezahlen.html', 'plata.html'],
    title: ['Bezahlen', 'Plata'],
    chapo: ['Sicher bezahlen: PayPal, Kreditkarte, Klarna, Vorkasse oder Nachnahme.', 'Plată sigură: card, PayPal, transfer bancar sau ramburs.'],
    body: [
      p(
        '<ul><li>PayPal</li><li>Kreditkarte (Visa, Mastercard)</li><li>Klarna Rechnung</li><li>Vorkasse per Überweisung</li><li>Nachnahme (nur Deutschland)</li></ul>',
        'Bei Vorkasse reservieren wir die Ware 7 Tage.',
      ),
      p(
        '<ul><li>Card bancar (Visa, Mastercard)</li><li>PayPal</li><li>Transfer bancar</li><li>Ramburs (numai în România)</li></ul>',
        'La plata prin transfer bancar rezervăm produsele timp de 7 zile.',
      ),
    ],
  },
  {
    id: P.delivery,
    slug: ['lieferung.html', 'livrare.html'],
    title: ['Lieferung', 'Livrare'],
    chapo: ['Lieferzeiten und Versandarten.', 'Termene și metode de livrare.'],
    body: [
      p(
        'Lagerware: 1-2 Werktage. Bestellungen bis 15:00 Uhr verlassen unser Lager noch am selben Tag (nicht freitags).',
        'Speditionsware: 2-3 Wochen, Lieferung bis zur Bordsteinkante nach telefonischer Avisierung.',
        'Keine Abholung möglich!',
      ),
      p(
        'Produse în stoc: 1-2 zile lucrătoare. Comenzile plasate până la ora 13:00 pleacă din depozit în aceeași zi (nu și vinerea).',
        'Mărfuri voluminoase: 2-3 săptămâni, livrare la bordură după confirmare telefonică.',
        'Ridicarea personală este posibilă în depozitul din Cluj-Napoca.',
      ),
    ],
  },
  {
    id: P.dataProtection,
    slug: ['datenschutz.html', 'protectia-datelor.html'],
    title: ['Datenschutz', 'Protecția datelor'],
    chapo: ['Wie wir Ihre personenbezogenen Daten verarbeiten.', 'Cum prelucrăm datele dumneavoastră cu caracter personal.'],
    body: [
      p(
        'Verantwortlicher im Sinne der DSGVO ist die Werkhof Handels GmbH.',
        'Wir verarbeiten Ihre Daten ausschließlich zur Abwicklung Ihrer Bestellung und – nur mit Ihrer Einwilligung – für Analysezwecke (Cookie „CookieConsentGA“).',
        'Sie haben jederzeit das Recht auf Auskunft, Berichtigung, Löschung und Widerspruch.',
      ),
      p(
        'Operatorul de date în sensul GDPR este Werkhof Handels GmbH.',
        'Prelucrăm datele dumneavoastră exclusiv pentru procesarea comenzii și – numai cu acordul dumneavoastră – în scopuri de analiză (cookie „CookieConsentGA”).',
        'Aveți oricând dreptul de acces, rectificare, ștergere și opoziție.',
      ),
    ],
  },
  {
    id: P.terms,
    slug: ['agb.html', 'termeni-si-conditii.html'],
    title: ['Allgemeine Geschäftsbedingungen', 'Termeni și condiții'],
    chapo: ['Die AGB der Werkhof Handels GmbH für Verbraucher und Unternehmer.', 'Termenii și condițiile Werkhof Handels GmbH pentru consumatori și firme.'],
    body: [
      p(
        '<h3>§ 1 Geltungsbereich</h3>',
        'Diese Bedingungen gelten für alle Bestellungen über unseren Onlineshop.',
        '<h3>§ 2 Vertragsschluss</h3>',
        'Die Darstellung der Produkte stellt kein rechtlich bindendes Angebot dar. Der Vertrag kommt mit unserer Auftragsbestätigung zustande.',
        '<h3>§ 3 Preise</h3>',
        'Alle Preise enthalten die gesetzliche Mehrwertsteuer zuzüglich Versandkosten.',
      ),
      p(
        '<h3>Art. 1 Domeniu de aplicare</h3>',
        'Acești termeni se aplică tuturor comenzilor plasate în magazinul nostru online.',
        '<h3>Art. 2 Încheierea contractului</h3>',
        'Prezentarea produselor nu constituie o ofertă obligatorie. Contractul se încheie prin confirmarea comenzii.',
        '<h3>Art. 3 Prețuri</h3>',
        'Toate prețurile includ TVA legal, la care se adaugă costurile de livrare.',
      ),
    ],
  },
  {
    id: P.shippingCosts,
    slug: ['versandkosten.html', 'costuri-de-livrare.html'],
    title: ['Versandkosten', 'Costuri de livrare'],
    chapo: ['Versandkostenfrei ab 50 € Bestellwert.', 'Livrare gratuită pentru comenzi de peste 50 €.'],
    body: [
      p(
        '<table><thead><tr><th>Land</th><th>Paket</th><th>Spedition</th></tr></thead><tbody><tr><td>Deutschland</td><td>4,95 €</td><td>90 €</td></tr><tr><td>Österreich</td><td>6,95 €</td><td>90 €</td></tr><tr><td>Rumänien</td><td>9,95 €</td><td>120 €</td></tr></tbody></table>',
      ),
      p(
        '<table><thead><tr><th>Țara</th><th>Colet</th><th>Marfă voluminoasă</th></tr></thead><tbody><tr><td>România</td><td>9,95 €</td><td>120 €</td></tr><tr><td>Germania</td><td>4,95 €</td><td>90 €</td></tr><tr><td>Austria</td><td>6,95 €</td><td>90 €</td></tr></tbody></table>',
      ),
    ],
  },
  {
    id: P.warranty,
    slug: ['garantiebedingungen.html', 'conditii-de-garantie.html'],
    title: ['Garantiebedingungen', 'Condiții de garanție'],
    chapo: ['Herstellergarantie und gesetzliche Gewährleistung.', 'Garanția producătorului și garanția legală de conformitate.'],
    body: [
      p('Es gilt die gesetzliche Gewährleistung von zwei Jahren. Viele Hersteller geben zusätzlich eine Garantie von bis zu fünf Jahren.'),
      p('Se aplică garanția legală de conformitate de doi ani. Mulți producători oferă în plus o garanție de până la cinci ani.', 'Certificatul de garanție se află în colet.'),
    ],
    documents: ['warranty'],
  },
  {
    id: P.userManual,
    slug: ['bedienungsanleitungen.html', 'manual-de-utilizare-1.html'],
    title: ['Bedienungsanleitungen', 'Manual de utilizare'],
    chapo: ['Anleitungen zum Herunterladen.', 'Manuale de descărcat.'],
    body: [
      p('Hier finden Sie allgemeine Hinweise zu Aufbau, Gebrauch und Entsorgung. Produktspezifische Anleitungen stehen auf der jeweiligen Produktseite.'),
      p('Aici găsiți indicații generale privind montajul, utilizarea și eliminarea. Manualele specifice se află pe pagina fiecărui produs.'),
    ],
    documents: ['userManual'],
  },
  {
    id: P.listing,
    slug: ['akku-power-voltano.html', 'putere-acumulator-voltano.html'],
    title: ['Akku-Power von Voltano', 'Putere pe acumulator de la Voltano'],
    chapo: ['Alle Akku-Bohrschrauber von Voltano auf einen Blick.', 'Toate mașinile de găurit și înșurubat cu acumulator Voltano dintr-o privire.'],
    body: [p('Ein Akku für alle Geräte: das 18-V-System von Voltano.'), p('Un singur acumulator pentru toate aparatele: sistemul de 18 V de la Voltano.')],
  },
  {
    id: P.adventCalendar,
    slug: ['adventskalender.html', 'calendar-de-advent.html'],
    title: ['Adventskalender', 'Calendar de Advent'],
    chapo: ['24 Türchen, 24 Angebote: jeden Tag im Dezember eine neue Überraschung.', '24 de ferestre, 24 de oferte: în fiecare zi din decembrie o nouă surpriză.'],
    body: [
      p('Vom 1. bis 24. Dezember öffnet sich jeden Tag ein neues Türchen mit einem Tagesangebot.', 'Jedes Angebot gilt nur am jeweiligen Tag und solange der Vorrat reicht.'),
      p(
        'Din 1 până în 24 decembrie se deschide în fiecare zi o nouă ferestruică cu o ofertă a zilei.',
        'Fiecare ofertă este valabilă doar în ziua respectivă și în limita stocului disponibil.',
      ),
    ],
  },
];

const BLOG_TOPICS: ReadonlyArray<[de: string, ro: string]> = [
  ['Rasen im Frühjahr richtig düngen', 'Cum fertilizezi corect gazonul primăvara'],
  ['Akku-Werkzeug richtig lagern', 'Cum depozitezi corect sculele cu acumulator'],
  ['Hochbeet selber bauen', 'Construiește-ți singur un strat înălțat'],
  ['Sicherheitsschuhe: S1P, S2 oder S3?', 'Încălțăminte de protecție: S1P, S2 sau S3?'],
  ['Wandfarbe richtig auswählen', 'Cum alegi vopseaua lavabilă potrivită'],
  ['Garten im Sommer sparsam bewässern', 'Irigarea economică a grădinii vara'],
  ['Tomaten auf dem Balkon ziehen', 'Cum crești roșii pe balcon'],
  ['Die richtige Schraube für jedes Holz', 'Șurubul potrivit pentru fiecare tip de lemn'],
  ['Winterdienst: gut vorbereitet in den Januar', 'Deszăpezirea: pregătiți pentru ianuarie'],
  ['Werkstatt einrichten auf kleinem Raum', 'Amenajarea unui atelier într-un spațiu mic'],
  ['Gartenmöbel pflegen und einwintern', 'Îngrijirea și depozitarea mobilierului de grădină iarna'],
  ['Bohren in Beton ohne Frust', 'Găurirea în beton fără bătăi de cap'],
  ['Arbeitskleidung richtig waschen', 'Cum speli corect îmbrăcămintea de lucru'],
  ['LED statt Glühbirne: so sparen Sie Strom', 'LED în loc de bec incandescent: cum economisești curent'],
  ['Heckenschnitt: wann ist erlaubt?', 'Tăierea gardului viu: când este permisă?'],
  ['Holz im Außenbereich schützen', 'Protejarea lemnului în exterior'],
  ['Ordnung in der Garage', 'Ordine în garaj'],
  ['Grillsaison: Gas oder Holzkohle?', 'Sezonul grătarelor: gaz sau cărbuni?'],
  ['Leitern sicher benutzen', 'Folosirea în siguranță a scărilor'],
  ['Kartoffeln im Sack anbauen', 'Cultivarea cartofilor în sac'],
];

function texts(de: { title: string; chapo: string; description: string; postscriptum?: string }, ro: typeof de): ContentIn['i18n'] {
  const meta = (t: typeof de) => ({ metaTitle: `${t.title} | ${SHOP_NAME}`, metaDescription: t.chapo.slice(0, 160), metaKeywords: '' });
  const at = { title: austrian(de.title), chapo: austrian(de.chapo), description: austrian(de.description), postscriptum: de.postscriptum ?? '' };
  return {
    de_DE: { ...de, postscriptum: de.postscriptum ?? '', ...meta(de) },
    de_AT: { ...at, ...meta(at) },
    ro_RO: { ...ro, postscriptum: ro.postscriptum ?? '', ...meta(ro) },
  };
}

export interface ContentContext {
  seed: number;
  generatedAt: Date;
  images: ImagePool;
  documents: Record<DocumentKey, PoolDocument>;
}

const DAY = 86_400_000;

/** The advent calendar as the editors configure it in Thelia: JSON in the content's postscriptum (docs/export-format.md). */
function adventPostscriptum(lang: 0 | 1): string {
  const { year, doors } = SAMPLE_FIXTURES.advent;
  return JSON.stringify({
    advent_calendar: {
      ...(year ? { year } : {}),
      doors: doors.map((d) => ('productId' in d ? { day: d.day, product_id: d.productId } : { day: d.day, coupon: d.coupon, text: d.text[lang] })),
    },
  });
}

export function contents(ctx: ContentContext): ContentIn[] {
  const out: ContentIn[] = [];
  const contentImages = ctx.images.byGroup.content;
  const docs = (keys: DocumentKey[] | undefined, contentId: number) =>
    (keys ?? []).map((key, i) => {
      const d = ctx.documents[key];
      return {
        id: 7_000_000 + contentId * 10 + i,
        file: d.file,
        mime: 'application/pdf',
        bytes: d.bytes,
        position: i + 1,
        title: { de_DE: d.title.de, de_AT: d.title.de, ro_RO: d.title.ro },
      };
    });

  for (const page of PAGES) {
    const postscriptum = page.id === P.listing ? JSON.stringify({ brand_id: SAMPLE_FIXTURES.listing.brandId, category_id: SAMPLE_FIXTURES.listing.categoryId }) : '';
    const ps = (lang: 0 | 1) => (page.id === P.adventCalendar ? adventPostscriptum(lang) : postscriptum);
    const atSlug = austrian(page.title[0]) !== page.title[0] ? `${slugify(austrian(page.title[0]))}.html` : page.slug[0];
    const image = contentImages[page.id % contentImages.length]!;
    out.push({
      id: page.id,
      visible: true,
      position: page.id,
      folders: [{ id: F.info, default: true, position: page.id }],
      i18n: texts(
        { title: page.title[0], chapo: page.chapo[0], description: page.body[0], postscriptum: ps(0) },
        { title: page.title[1], chapo: page.chapo[1], description: page.body[1], postscriptum: ps(1) },
      ),
      url: { de_DE: page.slug[0], de_AT: atSlug, ro_RO: page.slug[1] },
      images:
        page.id === P.about || page.id === P.adventCalendar
          ? [
              {
                id: 7_500_000 + page.id * 10,
                file: image.file,
                width: image.width,
                height: image.height,
                position: 1,
                alt: { de_DE: page.title[0], de_AT: austrian(page.title[0]), ro_RO: page.title[1] },
              },
            ]
          : [],
      documents: docs(page.documents, page.id),
      createdAt: new Date(ctx.generatedAt.getTime() - (900 - page.id) * DAY).toISOString(),
    });
  }

  out.push({
    id: SAMPLE_FIXTURES.hiddenContentId,
    visible: false,
    position: 16,
    folders: [{ id: F.blog, default: true, position: 99 }],
    i18n: texts(
      { title: 'Entwurf: Frühjahrsaktion', chapo: 'Noch nicht veröffentlicht.', description: '<p>Interner Entwurf – bitte nicht anzeigen.</p>' },
      { title: 'Ciornă: campania de primăvară', chapo: 'Încă nepublicat.', description: '<p>Ciornă internă – vă rugăm nu afișați.</p>' },
    ),
    url: { de_DE: 'entwurf-fruehjahrsaktion.html', de_AT: 'entwurf-fruehjahrsaktion.html', ro_RO: 'ciorna-campania-de-primavara.html' },
    createdAt: new Date(ctx.generatedAt.getTime() - 5 * DAY).toISOString(),
  });

  const { first } = SAMPLE_FIXTURES.blogPostIds;
  BLOG_TOPICS.forEach(([de, ro], i) => {
    const id = first + i;
    const rng = Rng.for(ctx.seed, STREAM_TAG.content, id);
    const image = contentImages[i % contentImages.length]!;
    const hostile = id === SAMPLE_FIXTURES.hostileHtml.contentId ? `\n${HOSTILE_HTML}` : '';
    const descriptionDe =
      `<p>${escapeHtml(de)} – unsere Fachberater aus dem ${SHOP_NAME}-Team erklären, worauf es ankommt.</p>\n` +
      `<h3>Das brauchen Sie</h3>\n<ul><li>Etwas Zeit an einem trockenen Tag</li><li>Das passende Werkzeug aus unserem Sortiment</li><li>Handschuhe und Schutzbrille</li></ul>\n` +
      `<p>Tipp: Im Januar und Februar ist die beste Zeit, um Geräte zu warten.</p>` +
      hostile;
    const descriptionRo =
      `<p>${escapeHtml(ro)} – consultanții echipei ${SHOP_NAME} vă explică ce contează.</p>\n` +
      `<h3>De ce aveți nevoie</h3>\n<ul><li>Puțin timp într-o zi uscată</li><li>Unealta potrivită din oferta noastră</li><li>Mănuși și ochelari de protecție</li></ul>\n` +
      `<p>Sfat: ianuarie și februarie sunt cele mai bune luni pentru întreținerea aparatelor.</p>` +
      hostile;
    const folderList: Array<{ id: number; default: boolean; position: number }> = [{ id: F.blog, default: true, position: i + 1 }];
    if (i % 3 === 0) folderList.push({ id: F.guides, default: false, position: i / 3 + 1 });
    out.push({
      id,
      visible: true,
      position: i + 1,
      folders: folderList,
      i18n: texts(
        { title: de, chapo: `${de}: Schritt für Schritt erklärt.`, description: descriptionDe },
        { title: ro, chapo: `${ro}: explicat pas cu pas.`, description: descriptionRo },
      ),
      url: { de_DE: `${slugify(de)}.html`, de_AT: `${slugify(austrian(de))}.html`, ro_RO: `${slugify(ro)}.html` },
      images: [{ id: 7_500_000 + id * 10, file: image.file, width: image.width, height: image.height, position: 1, alt: { de_DE: de, de_AT: austrian(de), ro_RO: ro } }],
      // Spread over two years, newest last.
      createdAt: new Date(ctx.generatedAt.getTime() - (730 - i * 36) * DAY - rng.int(0, 86_399) * 1000).toISOString(),
    });
  });
  return out;
}

/** Superseded content and folder URLs. */
export const CONTENT_REDIRECTS = [
  { url: 'allgemeine-geschaeftsbedingungen.html', locale: 'de_DE', view: 'content', viewId: P.terms, to: 'agb.html' },
  { url: 'allgemeine-geschaeftsbedingungen.html', locale: 'de_AT', view: 'content', viewId: P.terms, to: 'agb.html' },
  { url: 'termeni.html', locale: 'ro_RO', view: 'content', viewId: P.terms, to: 'termeni-si-conditii.html' },
  { url: 'news.html', locale: 'de_DE', view: 'folder', viewId: F.blog, to: 'blog.html' },
  { url: 'noutati.html', locale: 'ro_RO', view: 'folder', viewId: F.blog, to: 'blog-ro.html' },
] as const;
