/**
 * The category tree of the sample shop (home, garden, DIY, workwear): four levels deep.
 * Tier 1 is always present (39 categories, ids 1..39 by construction, so fixture ids hold for
 * every N); tier 2 joins from 1,000 products (66), tier 3 from 10,000 (79 categories).
 */

export interface CategoryDef {
  key: string;
  parent: string | null;
  de: string;
  ro: string;
  /** 1 always, 2 from 1,000 products, 3 from 10,000. */
  tier: 1 | 2 | 3;
  visible?: boolean;
  /** Short German and Romanian sentence for the chapo. */
  about?: [string, string];
}

const c = (key: string, parent: string | null, de: string, ro: string, tier: 1 | 2 | 3 = 1, extra: Partial<CategoryDef> = {}): CategoryDef => ({
  key,
  parent,
  de,
  ro,
  tier,
  ...extra,
});

/** In definition order; ids are assigned by (tier, definition order). */
export const CATEGORY_DEFS: readonly CategoryDef[] = [
  // level 1
  c('werkzeug', null, 'Werkzeug', 'Scule', 1, { about: ['Elektro- und Handwerkzeug für Werkstatt und Baustelle.', 'Scule electrice și manuale pentru atelier și șantier.'] }),
  c('garten', null, 'Garten', 'Grădină', 1, {
    about: ['Alles für einen gepflegten Garten: Bewässerung, Geräte und Saatgut.', 'Totul pentru o grădină îngrijită: irigare, unelte și semințe.'],
  }),
  c('bauen', null, 'Bauen & Renovieren', 'Construcții și renovare', 1, {
    about: ['Farben, Baustoffe und Leitern für Ihr nächstes Projekt.', 'Vopsele, materiale de construcții și scări pentru următorul proiect.'],
  }),
  c('arbeitskleidung', null, 'Arbeitskleidung', 'Îmbrăcăminte de lucru', 1, {
    about: ['Robuste Arbeitskleidung und Sicherheitsschuhe nach EN-Norm.', 'Îmbrăcăminte de lucru rezistentă și încălțăminte de protecție conform normelor EN.'],
  }),
  c('haushalt', null, 'Haushalt & Wohnen', 'Casă și gospodărie', 1, {
    about: ['Beleuchtung, Reinigung und Ordnung für Haus und Hof.', 'Iluminat, curățenie și ordine pentru casă și curte.'],
  }),
  c('saison', null, 'Saisonartikel', 'Articole de sezon', 1, { about: ['Saisonale Angebote – bald wieder verfügbar.', 'Oferte de sezon – în curând din nou disponibile.'] }),
  // level 2
  c('elektrowerkzeuge', 'werkzeug', 'Elektrowerkzeuge', 'Scule electrice'),
  c('handwerkzeuge', 'werkzeug', 'Handwerkzeuge', 'Scule de mână'),
  c('befestigung', 'werkzeug', 'Befestigungstechnik', 'Elemente de fixare'),
  c('auslauf', 'werkzeug', 'Auslaufmodelle', 'Produse la final de serie', 1, { visible: false }),
  c('bewaesserung', 'garten', 'Bewässerung', 'Irigare'),
  c('gartengeraete', 'garten', 'Gartengeräte', 'Unelte de grădină'),
  c('pflanzen', 'garten', 'Pflanzen & Saatgut', 'Plante și semințe'),
  c('farben', 'bauen', 'Farben & Lacke', 'Vopsele și lacuri'),
  c('jacken', 'arbeitskleidung', 'Arbeitsjacken', 'Jachete de lucru'),
  c('schuhe', 'arbeitskleidung', 'Sicherheitsschuhe', 'Încălțăminte de protecție'),
  c('handschuhe', 'arbeitskleidung', 'Arbeitshandschuhe', 'Mănuși de lucru'),
  c('beleuchtung', 'haushalt', 'Beleuchtung', 'Iluminat'),
  c('weihnachten', 'saison', 'Weihnachten', 'Crăciun'),
  // level 3
  c('bohren', 'elektrowerkzeuge', 'Bohren & Schrauben', 'Găurire și înșurubare'),
  c('saegen', 'elektrowerkzeuge', 'Sägen', 'Fierăstraie'),
  c('zangen', 'handwerkzeuge', 'Zangen', 'Clești'),
  c('schrauben', 'befestigung', 'Schrauben', 'Șuruburi'),
  c('schlaeuche', 'bewaesserung', 'Gartenschläuche', 'Furtunuri de grădină'),
  c('rasenmaeher', 'gartengeraete', 'Rasenmäher', 'Mașini de tuns iarba'),
  c('schubkarren', 'gartengeraete', 'Schubkarren', 'Roabe'),
  c('saatgut', 'pflanzen', 'Saatgut', 'Semințe'),
  c('wandfarbe', 'farben', 'Wandfarben', 'Vopsele lavabile'),
  c('winterjacken', 'jacken', 'Winterjacken', 'Jachete de iarnă'),
  c('stiefel', 'schuhe', 'Sicherheitsstiefel', 'Bocanci de protecție'),
  c('montagehandschuhe', 'handschuhe', 'Montagehandschuhe', 'Mănuși de montaj'),
  c('ledlampen', 'beleuchtung', 'LED-Lampen', 'Becuri LED'),
  c('weihnachtsdeko', 'weihnachten', 'Weihnachtsdeko', 'Decorațiuni de Crăciun'),
  // level 4
  c('akkuschrauber', 'bohren', 'Akku-Bohrschrauber', 'Mașini de găurit și înșurubat cu acumulator'),
  c('schlagbohr', 'bohren', 'Schlagbohrmaschinen', 'Mașini de găurit cu percuție'),
  c('stichsaegen', 'saegen', 'Stichsägen', 'Fierăstraie pendulare'),
  c('holzschrauben', 'schrauben', 'Holzschrauben', 'Șuruburi pentru lemn'),
  c('maehroboter', 'rasenmaeher', 'Mähroboter', 'Roboți de tuns iarba'),
  c('lichterketten', 'weihnachtsdeko', 'Lichterketten', 'Instalații luminoase'),

  // tier 2 (from 1,000 products)
  c('bohrhammer', 'bohren', 'Bohrhämmer', 'Ciocane rotopercutoare', 2),
  c('kreissaegen', 'saegen', 'Handkreissägen', 'Fierăstraie circulare de mână', 2),
  c('schraubendreher', 'handwerkzeuge', 'Schraubendreher', 'Șurubelnițe', 2),
  c('duebel', 'befestigung', 'Dübel', 'Dibluri', 2),
  c('regner', 'bewaesserung', 'Rasensprenger', 'Aspersoare', 2),
  c('heckenscheren', 'gartengeraete', 'Heckenscheren', 'Foarfece de gard viu', 2),
  c('handgeraete', 'gartengeraete', 'Spaten & Schaufeln', 'Cazmale și lopeți', 2),
  c('gartenmoebel', 'garten', 'Gartenmöbel', 'Mobilier de grădină', 2),
  c('stuehle', 'gartenmoebel', 'Gartenstühle', 'Scaune de grădină', 2),
  c('erde', 'pflanzen', 'Blumenerde & Dünger', 'Pământ de flori și îngrășăminte', 2),
  c('holzlasur', 'farben', 'Holzlasuren', 'Lazuri pentru lemn', 2),
  c('baustoffe', 'bauen', 'Baustoffe', 'Materiale de construcții', 2),
  c('zement', 'baustoffe', 'Zement & Mörtel', 'Ciment și mortar', 2),
  c('leitern', 'bauen', 'Leitern & Gerüste', 'Scări și schele', 2),
  c('stehleitern', 'leitern', 'Stehleitern', 'Scări dublu accesibile', 2),
  c('softshell', 'jacken', 'Softshelljacken', 'Jachete softshell', 2),
  c('hosen', 'arbeitskleidung', 'Arbeitshosen', 'Pantaloni de lucru', 2),
  c('bundhosen', 'hosen', 'Bundhosen', 'Pantaloni în talie', 2),
  c('latzhosen', 'hosen', 'Latzhosen', 'Salopete', 2),
  c('halbschuhe', 'schuhe', 'Sicherheitshalbschuhe', 'Pantofi de protecție', 2),
  c('reinigung', 'haushalt', 'Reinigung', 'Curățenie', 2),
  c('hochdruckreiniger', 'reinigung', 'Hochdruckreiniger', 'Aparate de spălat cu presiune', 2),
  c('besen', 'reinigung', 'Besen & Schaufeln', 'Mături și fărașe', 2),
  c('strahler', 'beleuchtung', 'LED-Strahler', 'Proiectoare LED', 2),
  c('aufbewahrung', 'haushalt', 'Aufbewahrung', 'Depozitare', 2),
  c('regale', 'aufbewahrung', 'Regale', 'Rafturi', 2),
  c('boxen', 'aufbewahrung', 'Aufbewahrungsboxen', 'Cutii de depozitare', 2),

  // tier 3 (from 10,000 products)
  c('schleifen', 'elektrowerkzeuge', 'Schleifen', 'Șlefuire', 3),
  c('exzenter', 'schleifen', 'Exzenterschleifer', 'Mașini de șlefuit cu excentric', 3),
  c('winkelschleifer', 'schleifen', 'Winkelschleifer', 'Polizoare unghiulare', 3),
  c('hammer', 'handwerkzeuge', 'Hämmer', 'Ciocane', 3),
  c('schlauchwagen', 'schlaeuche', 'Schlauchwagen', 'Tamburi pentru furtun', 3),
  c('grillen', 'garten', 'Grillen', 'Grătare', 3),
  c('holzkohlegrill', 'grillen', 'Holzkohlegrills', 'Grătare pe cărbuni', 3),
  c('gasgrill', 'grillen', 'Gasgrills', 'Grătare pe gaz', 3),
  c('psa', 'arbeitskleidung', 'Arbeitsschutz', 'Echipament de protecție', 3),
  c('schutzbrillen', 'psa', 'Schutzbrillen', 'Ochelari de protecție', 3),
  c('gehoerschutz', 'psa', 'Gehörschutz', 'Antifoane', 3),
  c('ostern', 'saison', 'Ostern', 'Paște', 3),
  c('christbaumstaender', 'weihnachtsdeko', 'Christbaumständer', 'Suporturi pentru brad', 3),
];

export interface CategoryNode extends CategoryDef {
  id: number;
  parentId: number;
  level: number;
  position: number;
}

/** The categories present for a catalog of `products` products, with ids, levels and positions. */
export function categoryTree(products: number): CategoryNode[] {
  const maxTier = products >= 10_000 ? 3 : products >= 1_000 ? 2 : 1;
  const ordered = [1, 2, 3].flatMap((tier) => CATEGORY_DEFS.filter((d) => d.tier === tier));
  const all = new Map<string, CategoryNode>();
  ordered.forEach((def, i) => all.set(def.key, { ...def, id: i + 1, parentId: 0, level: 1, position: 0 }));
  for (const node of all.values()) {
    if (node.parent) {
      const parent = all.get(node.parent);
      if (!parent) throw new Error(`category ${node.key}: unknown parent ${node.parent}`);
      if (parent.tier > node.tier) throw new Error(`category ${node.key}: parent ${parent.key} has a higher tier`);
      node.parentId = parent.id;
    }
  }
  const present = [...all.values()].filter((n) => n.tier <= maxTier);
  for (const node of present) {
    let level = 1;
    for (let p = node.parent; p; p = all.get(p)!.parent) level++;
    node.level = level;
    // Position among siblings follows the definition order, tier 2 and 3 appended.
    node.position = present.filter((s) => s.parent === node.parent && s.id <= node.id).length;
  }
  return present;
}

/** Category ids by key for tier 1: fixed whatever the catalog size. */
export function tierOneId(key: string): number {
  const index = CATEGORY_DEFS.filter((d) => d.tier === 1).findIndex((d) => d.key === key);
  if (index < 0) throw new Error(`${key} is not a tier 1 category`);
  return index + 1;
}
