/**
 * UI texts of the static pages, per language. The type makes a missing key in either language a
 * compile error. (The site-chrome issue replaces this with compiled per-island messages.)
 */
const de = {
  home: 'Startseite',
  categories: 'Kategorien',
  bestsellers: 'Bestseller',
  brand: 'Marke',
  reference: 'Art.-Nr.',
  inStock: 'Auf Lager',
  lowStock: (n: number) => `Nur noch ${n} auf Lager`,
  outOfStock: 'Nicht auf Lager',
  variants: 'Varianten',
  selected: 'ausgewählt',
  inclVat: (title: string, percent: number) => `inkl. ${percent}% ${title}`,
  products: (n: number) => `${n} Produkte`,
  features: 'Technische Daten',
  documents: 'Dokumente',
  accessories: 'Zubehör',
  notFoundTitle: 'Seite nicht gefunden',
  notFoundText: 'Die Seite wurde leider nicht gefunden.',
  backHome: 'Zurück zur Startseite',
  contents: 'Inhalte',
  breadcrumb: 'Brotkrumen-Navigation',
} as const;

type Messages = { [K in keyof typeof de]: (typeof de)[K] extends (...args: infer A) => string ? (...args: A) => string : string };

const ro: Messages = {
  home: 'Acasă',
  categories: 'Categorii',
  bestsellers: 'Cele mai vândute',
  brand: 'Marcă',
  reference: 'Cod produs',
  inStock: 'În stoc',
  lowStock: (n: number) => `Doar ${n} în stoc`,
  outOfStock: 'Stoc epuizat',
  variants: 'Variante',
  selected: 'selectat',
  inclVat: (title: string, percent: number) => `inclusiv ${percent}% ${title}`,
  products: (n: number) => `${n} produse`,
  features: 'Specificații',
  documents: 'Documente',
  accessories: 'Accesorii',
  notFoundTitle: 'Pagina nu a fost găsită',
  notFoundText: 'Ne pare rău, pagina nu a fost găsită',
  backHome: 'Înapoi la pagina principală',
  contents: 'Conținut',
  breadcrumb: 'Navigare',
};

export const messages: Record<'de' | 'ro', Messages> = { de, ro };
export type { Messages };
