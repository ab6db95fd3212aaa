/**
 * Vocabulary of the sample shop: a German/Romanian home, garden, DIY and workwear store.
 * German texts serve de_DE and de_AT (de_AT swaps in a few Austrian words, see `austrian`);
 * Romanian texts use the comma-below diacritics (ș ț) and ă â î throughout.
 */

export type Group = 'tool' | 'garden' | 'build' | 'wear' | 'home';
export type Pair = readonly [de: string, ro: string];

export const SHOP_NAME = 'Werkhof';

/** de_AT: the same German with a few Austrian words. */
const AUSTRIAN: ReadonlyArray<[RegExp, string]> = [
  [/\bJanuar\b/g, 'Jänner'],
  [/Tomaten/g, 'Paradeiser'],
  [/\bTüte\b/g, 'Sackerl'],
  [/\bAdventskalender/g, 'Adventkalender'],
  [/\bKartoffeln\b/g, 'Erdäpfel'],
];

export function austrian(text: string): string {
  let out = text;
  for (const [pattern, replacement] of AUSTRIAN) out = out.replace(pattern, replacement);
  return out;
}

// --- attributes (variants) -------------------------------------------------------------------

export interface Colour {
  key: string;
  de: string;
  ro: string;
  hex: string;
  valueId: number;
}

export const COLOURS: readonly Colour[] = [
  { key: 'black', de: 'Schwarz', ro: 'Negru', hex: '#1d1d1b', valueId: 1 },
  { key: 'grey', de: 'Grau', ro: 'Gri', hex: '#7a7d80', valueId: 2 },
  { key: 'anthracite', de: 'Anthrazit', ro: 'Antracit', hex: '#383e42', valueId: 3 },
  { key: 'navy', de: 'Marineblau', ro: 'Bleumarin', hex: '#1b2a49', valueId: 4 },
  { key: 'blue', de: 'Blau', ro: 'Albastru', hex: '#1f4e9c', valueId: 5 },
  { key: 'red', de: 'Rot', ro: 'Roșu', hex: '#c0392b', valueId: 6 },
  { key: 'green', de: 'Grün', ro: 'Verde', hex: '#2e7d32', valueId: 7 },
  { key: 'yellow', de: 'Gelb', ro: 'Galben', hex: '#f2c300', valueId: 8 },
  { key: 'orange', de: 'Orange', ro: 'Portocaliu', hex: '#e67e22', valueId: 9 },
  { key: 'white', de: 'Weiß', ro: 'Alb', hex: '#ffffff', valueId: 10 },
  { key: 'olive', de: 'Oliv', ro: 'Oliv', hex: '#6b6b3a', valueId: 11 },
  { key: 'oak', de: 'Eiche', ro: 'Stejar', hex: '#b5894e', valueId: 12 },
  { key: 'teak', de: 'Teak', ro: 'Tec', hex: '#9a6a3a', valueId: 13 },
  { key: 'walnut', de: 'Nussbaum', ro: 'Nuc', hex: '#5d4030', valueId: 14 },
  { key: 'rosewood', de: 'Palisander', ro: 'Palisandru', hex: '#4a2c2a', valueId: 15 },
];

export const PALETTES = {
  work: ['black', 'anthracite', 'navy', 'olive', 'grey'],
  signal: ['orange', 'yellow', 'navy', 'black'],
  garden: ['green', 'anthracite', 'red', 'blue', 'grey'],
  wood: ['oak', 'teak', 'walnut', 'rosewood'],
  bright: ['red', 'blue', 'green', 'yellow', 'white', 'grey'],
} as const;
export type Palette = keyof typeof PALETTES;

export const SIZE_SETS = {
  clothing: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
  shoes: ['38', '39', '40', '41', '42', '43', '44', '45', '46', '47'],
  gloves: ['7', '8', '9', '10', '11'],
} as const;
export type SizeSet = keyof typeof SIZE_SETS;

const SIZE_VALUE_BASE: Record<SizeSet, number> = { clothing: 100, shoes: 120, gloves: 140 };
export function sizeValueId(set: SizeSet, label: string): number {
  return SIZE_VALUE_BASE[set] + (SIZE_SETS[set] as readonly string[]).indexOf(label);
}

export const LENGTHS: ReadonlyArray<{ label: string; valueId: number }> = [
  { label: '15 m', valueId: 160 },
  { label: '20 m', valueId: 161 },
  { label: '25 m', valueId: 162 },
  { label: '30 m', valueId: 163 },
  { label: '50 m', valueId: 164 },
];

export const ATTRIBUTES = {
  colour: { id: 1, kind: 'color', de: 'Farbe', ro: 'Culoare' },
  size: { id: 2, kind: 'size', de: 'Größe', ro: 'Mărime' },
  length: { id: 3, kind: 'other', de: 'Länge', ro: 'Lungime' },
} as const;

// --- features --------------------------------------------------------------------------------

export const FEATURES = {
  material: { id: 1, de: 'Material', ro: 'Material' },
  power: { id: 2, de: 'Leistung', ro: 'Putere' },
  voltage: { id: 3, de: 'Spannung', ro: 'Tensiune' },
  weight: { id: 4, de: 'Gewicht', ro: 'Greutate' },
  usage: { id: 5, de: 'Einsatzbereich', ro: 'Domeniu de utilizare' },
  warranty: { id: 6, de: 'Garantie', ro: 'Garanție' },
  norm: { id: 7, de: 'Norm', ro: 'Standard' },
  origin: { id: 8, de: 'Herkunftsland', ro: 'Țara de origine' },
} as const;

export const MATERIALS: Record<string, { id: number; de: string; ro: string }> = {
  steel: { id: 1, de: 'Stahl', ro: 'Oțel' },
  stainless: { id: 2, de: 'Edelstahl', ro: 'Oțel inoxidabil' },
  aluminium: { id: 3, de: 'Aluminium', ro: 'Aluminiu' },
  plastic: { id: 4, de: 'Kunststoff', ro: 'Plastic' },
  wood: { id: 5, de: 'Holz', ro: 'Lemn' },
  cotton: { id: 6, de: 'Baumwolle', ro: 'Bumbac' },
  polyester: { id: 7, de: 'Polyester', ro: 'Poliester' },
  rubber: { id: 8, de: 'Gummi', ro: 'Cauciuc' },
  leather: { id: 9, de: 'Leder', ro: 'Piele' },
  pvc: { id: 10, de: 'PVC', ro: 'PVC' },
  nitrile: { id: 11, de: 'Nitril', ro: 'Nitril' },
  glass: { id: 12, de: 'Glas', ro: 'Sticlă' },
  mineral: { id: 13, de: 'Mineralisch', ro: 'Mineral' },
  organic: { id: 14, de: 'Organisch', ro: 'Organic' },
};

export const USAGES: Record<string, { id: number; de: string; ro: string }> = {
  indoor: { id: 20, de: 'Innenbereich', ro: 'Interior' },
  outdoor: { id: 21, de: 'Außenbereich', ro: 'Exterior' },
  workshop: { id: 22, de: 'Werkstatt', ro: 'Atelier' },
  garden: { id: 23, de: 'Garten', ro: 'Grădină' },
  site: { id: 24, de: 'Baustelle', ro: 'Șantier' },
  household: { id: 25, de: 'Haushalt', ro: 'Gospodărie' },
};

export const WARRANTIES = [
  { id: 30, de: '2 Jahre', ro: '2 ani' },
  { id: 31, de: '3 Jahre', ro: '3 ani' },
  { id: 32, de: '5 Jahre', ro: '5 ani' },
] as const;

export const ORIGINS = [
  { id: 40, de: 'Deutschland', ro: 'Germania' },
  { id: 41, de: 'Österreich', ro: 'Austria' },
  { id: 42, de: 'Rumänien', ro: 'România' },
  { id: 43, de: 'Polen', ro: 'Polonia' },
  { id: 44, de: 'Italien', ro: 'Italia' },
] as const;

// --- brands ----------------------------------------------------------------------------------

export interface BrandDef {
  name: string;
  groups: readonly Group[];
  colour: string;
  de: string;
  ro: string;
}

/** Invented brand names (no real trademarks). Brand 1 is the listing content's brand. */
export const BRANDS: readonly BrandDef[] = [
  {
    name: 'Voltano',
    groups: ['tool', 'home'],
    colour: '#d35400',
    de: 'Akku-Werkzeug aus Leipzig für Profis und ambitionierte Heimwerker.',
    ro: 'Scule cu acumulator din Leipzig pentru profesioniști și meșteri pasionați.',
  },
  {
    name: 'Stahlkante',
    groups: ['tool', 'build'],
    colour: '#34495e',
    de: 'Handwerkzeug aus geschmiedetem Chrom-Vanadium-Stahl.',
    ro: 'Scule de mână din oțel crom-vanadiu forjat.',
  },
  { name: 'Grünwerk', groups: ['garden'], colour: '#27ae60', de: 'Gartengeräte, die ein Gärtnerleben lang halten.', ro: 'Unelte de grădină care țin o viață de grădinar.' },
  { name: 'Aquaflux', groups: ['garden'], colour: '#2980b9', de: 'Bewässerungssysteme für Garten und Balkon.', ro: 'Sisteme de irigare pentru grădină și balcon.' },
  {
    name: 'Carpatica',
    groups: ['garden', 'build'],
    colour: '#6d4c41',
    de: 'Robuste Produkte aus den Karpaten für Garten und Bau.',
    ro: 'Produse robuste din Carpați pentru grădină și construcții.',
  },
  {
    name: 'Ferrox',
    groups: ['tool', 'build'],
    colour: '#7f8c8d',
    de: 'Schrauben, Dübel und Befestigungstechnik in Profiqualität.',
    ro: 'Șuruburi, dibluri și elemente de fixare de calitate profesională.',
  },
  {
    name: 'Montura Workwear',
    groups: ['wear'],
    colour: '#2c3e50',
    de: 'Arbeitskleidung, die Wind und Wetter trotzt.',
    ro: 'Îmbrăcăminte de lucru care înfruntă vântul și ploaia.',
  },
  {
    name: 'Sicura',
    groups: ['wear'],
    colour: '#c0392b',
    de: 'Sicherheitsschuhe und Arbeitsschutz nach EN ISO 20345.',
    ro: 'Încălțăminte de protecție și echipamente conform EN ISO 20345.',
  },
  {
    name: 'Lumenhaus',
    groups: ['home'],
    colour: '#f1c40f',
    de: 'Energiesparende LED-Beleuchtung für drinnen und draußen.',
    ro: 'Iluminat LED economic pentru interior și exterior.',
  },
  { name: 'Tectra', groups: ['tool'], colour: '#16a085', de: 'Präzise Mess- und Sägetechnik.', ro: 'Tehnică de măsurare și tăiere de precizie.' },
  { name: 'Dunărea Tools', groups: ['tool', 'garden'], colour: '#1abc9c', de: 'Preiswertes Werkzeug für Haus und Garten.', ro: 'Scule accesibile pentru casă și grădină.' },
  {
    name: 'Nordkamm',
    groups: ['wear', 'home'],
    colour: '#8e44ad',
    de: 'Nordische Arbeitsbekleidung mit durchdachten Details.',
    ro: 'Îmbrăcăminte de lucru nordică, cu detalii bine gândite.',
  },
  { name: 'Rasenfreund', groups: ['garden'], colour: '#2ecc71', de: 'Rasenpflege vom Samen bis zum Mähroboter.', ro: 'Îngrijirea gazonului de la sămânță la robotul de tuns.' },
  { name: 'Pinselmeister', groups: ['build'], colour: '#e74c3c', de: 'Farben und Lasuren mit hoher Deckkraft.', ro: 'Vopsele și lazuri cu putere mare de acoperire.' },
  { name: 'Helion', groups: ['home', 'tool'], colour: '#f39c12', de: 'Licht und Energie für Werkstatt und Baustelle.', ro: 'Lumină și energie pentru atelier și șantier.' },
  { name: 'Kraftbügel', groups: ['tool'], colour: '#95a5a6', de: 'Zangen und Spannwerkzeuge für jeden Griff.', ro: 'Clești și scule de strângere pentru orice prindere.' },
  { name: 'Transilva Garden', groups: ['garden'], colour: '#558b2f', de: 'Gartenmöbel und Gartenhelfer aus Siebenbürgen.', ro: 'Mobilier și unelte de grădină din Transilvania.' },
  {
    name: 'Alpenzug',
    groups: ['wear', 'build'],
    colour: '#0e6655',
    de: 'Aus Österreich: robuste Ausrüstung für Bau und Forst.',
    ro: 'Din Austria: echipament robust pentru construcții și silvicultură.',
  },
  { name: 'Cleanox', groups: ['home'], colour: '#3498db', de: 'Reinigungstechnik für Haus, Hof und Fahrzeug.', ro: 'Tehnică de curățare pentru casă, curte și autovehicul.' },
  {
    name: 'Bauprofi',
    groups: ['build', 'tool'],
    colour: '#a04000',
    de: 'Baustoffe und Leitern für Baustelle und Renovierung.',
    ro: 'Materiale de construcții și scări pentru șantier și renovare.',
  },
  { name: 'Ordnix', groups: ['home'], colour: '#5d6d7e', de: 'Regale und Boxen für Ordnung in Keller und Garage.', ro: 'Rafturi și cutii pentru ordine în pivniță și garaj.' },
  { name: 'Glutmeister', groups: ['garden', 'home'], colour: '#922b21', de: 'Grills und Zubehör für lange Sommerabende.', ro: 'Grătare și accesorii pentru serile lungi de vară.' },
  { name: 'Iarna', groups: ['wear'], colour: '#154360', de: 'Winterarbeitskleidung aus Rumänien.', ro: 'Îmbrăcăminte de lucru de iarnă din România.' },
  { name: 'Hobelwerk', groups: ['tool', 'build'], colour: '#7d6608', de: 'Holzbearbeitung mit Tradition seit 1952.', ro: 'Prelucrarea lemnului cu tradiție din 1952.' },
];

// --- product types ---------------------------------------------------------------------------

export interface ProductType {
  key: string;
  /** Leaf category key (scripts/sample/taxonomy.ts). */
  category: string;
  group: Group;
  name: Pair;
  /** Qualifiers appended to the name, e.g. ['18 V', '18 V']. */
  specs: readonly Pair[];
  /** Gross EUR range for the German price. */
  price: readonly [number, number];
  /** Grams. */
  weight: readonly [number, number];
  variants?: 'color' | 'size' | 'color+size' | 'length';
  palette?: Palette;
  sizes?: SizeSet;
  /** 2 reduced, 3 eco fee + standard; default 1. */
  taxRule?: 2 | 3;
  quantitySteps?: readonly number[];
  /** Probability of shipping by freight forwarder. */
  freight?: number;
  /** Dangerous goods: some countries are excluded. */
  hazard?: boolean;
  materials: readonly string[];
  usages: readonly string[];
  /** Which feature the spec fills as free text. */
  specFeature?: 'power' | 'voltage';
  norm?: string;
  keywords: readonly [readonly string[], readonly string[]];
  bullets: readonly Pair[];
  box?: readonly [readonly string[], readonly string[]];
}

const t = (p: ProductType): ProductType => p;

export const PRODUCT_TYPES: readonly ProductType[] = [
  t({
    key: 'akkuschrauber',
    category: 'akkuschrauber',
    group: 'tool',
    name: ['Akku-Bohrschrauber', 'Mașină de găurit și înșurubat cu acumulator'],
    specs: [
      ['12 V', '12 V'],
      ['18 V', '18 V'],
      ['20 V', '20 V'],
      ['18 V Brushless', '18 V fără perii'],
    ],
    price: [49, 279],
    weight: [900, 1900],
    taxRule: 3,
    hazard: true,
    materials: ['plastic', 'steel'],
    usages: ['workshop', 'site', 'household'],
    specFeature: 'voltage',
    keywords: [
      ['Akkuschrauber', 'Bohrschrauber', 'Schrauber', 'Bohrmaschine'],
      ['autofiletantă', 'mașină de înșurubat', 'bormașină', 'șurubelniță electrică'],
    ],
    bullets: [
      ['2-Gang-Getriebe für Bohren und Schrauben', 'Cutie de viteze cu 2 trepte pentru găurire și înșurubare'],
      ['LED-Arbeitslicht für dunkle Ecken', 'Lumină de lucru LED pentru colțuri întunecate'],
      ['Schnellspannbohrfutter 13 mm', 'Mandrină rapidă de 13 mm'],
      ['21-stufige Drehmomentvorwahl', 'Reglaj al cuplului în 21 de trepte'],
      ['Ergonomischer Softgrip-Handgriff', 'Mâner ergonomic cu înveliș moale'],
    ],
    box: [
      ['Akku-Bohrschrauber', '2 Akkus 2,0 Ah', 'Schnellladegerät', 'Transportkoffer'],
      ['Mașină de găurit și înșurubat', '2 acumulatori 2,0 Ah', 'Încărcător rapid', 'Valiză de transport'],
    ],
  }),
  t({
    key: 'schlagbohr',
    category: 'schlagbohr',
    group: 'tool',
    name: ['Schlagbohrmaschine', 'Mașină de găurit cu percuție'],
    specs: [
      ['650 W', '650 W'],
      ['750 W', '750 W'],
      ['850 W', '850 W'],
      ['1050 W', '1050 W'],
    ],
    price: [39, 189],
    weight: [1600, 2900],
    taxRule: 3,
    materials: ['plastic', 'steel'],
    usages: ['workshop', 'site'],
    specFeature: 'power',
    keywords: [
      ['Bohrmaschine', 'Schlagbohrer', 'Betonbohrer'],
      ['bormașină', 'mașină de găurit', 'percuție'],
    ],
    bullets: [
      ['Umschaltbar zwischen Bohren und Schlagbohren', 'Comutare între găurire și găurire cu percuție'],
      ['Tiefenanschlag aus Metall', 'Limitator de adâncime din metal'],
      ['Rechts-/Linkslauf', 'Rotire stânga/dreapta'],
      ['Zusatzhandgriff für sicheres Arbeiten', 'Mâner suplimentar pentru lucru în siguranță'],
    ],
  }),
  t({
    key: 'stichsaege',
    category: 'stichsaegen',
    group: 'tool',
    name: ['Stichsäge', 'Fierăstrău pendular'],
    specs: [
      ['500 W', '500 W'],
      ['650 W', '650 W'],
      ['720 W', '720 W'],
    ],
    price: [35, 159],
    weight: [1700, 2600],
    taxRule: 3,
    materials: ['plastic', 'aluminium'],
    usages: ['workshop', 'household'],
    specFeature: 'power',
    keywords: [
      ['Stichsäge', 'Pendelhubsäge', 'Säge'],
      ['fierăstrău', 'pendular', 'traforaj'],
    ],
    bullets: [
      ['4-stufiger Pendelhub', 'Mișcare pendulară în 4 trepte'],
      ['Werkzeuglose Sägeblattwechsel', 'Schimbarea pânzei fără scule'],
      ['Gehrungsschnitte bis 45°', 'Tăieri înclinate până la 45°'],
      ['Späneblasfunktion für freie Sicht', 'Suflantă de rumeguș pentru vizibilitate bună'],
    ],
  }),
  t({
    key: 'zange',
    category: 'zangen',
    group: 'tool',
    name: ['Kombizange', 'Clește combinat'],
    specs: [
      ['160 mm', '160 mm'],
      ['180 mm', '180 mm'],
      ['200 mm', '200 mm'],
    ],
    price: [9, 39],
    weight: [180, 380],
    materials: ['steel', 'plastic'],
    usages: ['workshop', 'household'],
    keywords: [
      ['Zange', 'Kombizange', 'Handwerkzeug'],
      ['clește', 'patent', 'sculă de mână'],
    ],
    bullets: [
      ['Chrom-Vanadium-Stahl, geschmiedet und vergütet', 'Oțel crom-vanadiu, forjat și călit'],
      ['Schneiden induktiv gehärtet', 'Tăișuri călite prin inducție'],
      ['Zweikomponenten-Griffe', 'Mânere bicomponente'],
    ],
  }),
  t({
    key: 'seitenschneider',
    category: 'zangen',
    group: 'tool',
    name: ['Seitenschneider', 'Clește de tăiat lateral'],
    specs: [
      ['140 mm', '140 mm'],
      ['160 mm', '160 mm'],
      ['180 mm VDE', '180 mm VDE'],
    ],
    price: [8, 34],
    weight: [150, 300],
    materials: ['steel', 'plastic'],
    usages: ['workshop'],
    keywords: [
      ['Seitenschneider', 'Elektrikerzange'],
      ['clește de tăiat', 'sfic', 'electrician'],
    ],
    bullets: [
      ['Für weiche und harte Drähte', 'Pentru sârme moi și dure'],
      ['VDE-geprüft bis 1000 V (Modell VDE)', 'Testat VDE până la 1000 V (modelul VDE)'],
      ['Präzise geschliffene Schneiden', 'Tăișuri șlefuite precis'],
    ],
  }),
  t({
    key: 'holzschrauben',
    category: 'holzschrauben',
    group: 'tool',
    name: ['Holzschrauben', 'Șuruburi pentru lemn'],
    specs: [
      ['3,5 x 30 mm, 200 Stück', '3,5 x 30 mm, 200 buc.'],
      ['4 x 40 mm, 200 Stück', '4 x 40 mm, 200 buc.'],
      ['5 x 60 mm, 100 Stück', '5 x 60 mm, 100 buc.'],
      ['6 x 80 mm, 50 Stück', '6 x 80 mm, 50 buc.'],
    ],
    price: [4, 19],
    weight: [200, 900],
    quantitySteps: [5, 10],
    materials: ['steel'],
    usages: ['workshop', 'site', 'indoor'],
    keywords: [
      ['Schrauben', 'Spanplattenschrauben', 'Holzschraube', 'Torx'],
      ['șuruburi', 'șurub autofiletant', 'șurub lemn', 'torx'],
    ],
    bullets: [
      ['Galvanisch verzinkt, blau passiviert', 'Zincat galvanic, pasivat albastru'],
      ['Torx-Antrieb für sicheren Halt', 'Cap Torx pentru prindere sigură'],
      ['Teilgewinde mit Schneidspitze', 'Filet parțial cu vârf autoperforant'],
    ],
  }),
  t({
    key: 'gartenschlauch',
    category: 'schlaeuche',
    group: 'garden',
    name: ['Gartenschlauch', 'Furtun de grădină'],
    specs: [
      ['1/2 Zoll', '1/2 țoli'],
      ['3/4 Zoll', '3/4 țoli'],
      ['1/2 Zoll Flex', '1/2 țoli Flex'],
    ],
    price: [14, 69],
    weight: [1500, 6000],
    variants: 'length',
    materials: ['pvc', 'rubber'],
    usages: ['garden', 'outdoor'],
    keywords: [
      ['Schlauch', 'Wasserschlauch', 'Gartenschlauch'],
      ['furtun', 'furtun de apă', 'irigații'],
    ],
    bullets: [
      ['Knickfest durch Kreuzgewebe', 'Rezistent la îndoire datorită inserției textile'],
      ['UV-beständig und frostsicher bis −20 °C', 'Rezistent la UV și la îngheț până la −20 °C'],
      ['Frei von Phthalaten und Cadmium', 'Fără ftalați și cadmiu'],
    ],
  }),
  t({
    key: 'rasenmaeher',
    category: 'rasenmaeher',
    group: 'garden',
    name: ['Elektro-Rasenmäher', 'Mașină electrică de tuns iarba'],
    specs: [
      ['1400 W, 34 cm', '1400 W, 34 cm'],
      ['1600 W, 37 cm', '1600 W, 37 cm'],
      ['1800 W, 42 cm', '1800 W, 42 cm'],
    ],
    price: [89, 299],
    weight: [9000, 17000],
    taxRule: 3,
    freight: 0.15,
    materials: ['plastic', 'steel'],
    usages: ['garden'],
    specFeature: 'power',
    keywords: [
      ['Rasenmäher', 'Mäher', 'Elektromäher'],
      ['mașină de tuns iarba', 'cositoare', 'gazon'],
    ],
    bullets: [
      ['Zentrale Schnitthöhenverstellung in 6 Stufen', 'Reglare centrală a înălțimii de tăiere în 6 trepte'],
      ['Grasfangbox mit Füllstandsanzeige', 'Sac de colectare cu indicator de umplere'],
      ['Klappbarer Führungsholm', 'Mâner pliabil'],
    ],
  }),
  t({
    key: 'benzinmaeher',
    category: 'rasenmaeher',
    group: 'garden',
    name: ['Benzin-Rasenmäher', 'Mașină de tuns iarba pe benzină'],
    specs: [
      ['46 cm mit Radantrieb', '46 cm cu autopropulsie'],
      ['51 cm mit Mulchfunktion', '51 cm cu funcție de mulcire'],
    ],
    price: [249, 649],
    weight: [26000, 42000],
    freight: 0.6,
    hazard: true,
    materials: ['steel', 'plastic'],
    usages: ['garden'],
    keywords: [
      ['Rasenmäher', 'Benzinmäher', 'Mulchmäher'],
      ['mașină de tuns iarba', 'benzină', 'mulcire'],
    ],
    bullets: [
      ['Viertakt-OHV-Motor', 'Motor în patru timpi OHV'],
      ['Stahlblechgehäuse', 'Carcasă din tablă de oțel'],
      ['3-in-1: Mähen, Mulchen, Seitenauswurf', '3 în 1: tundere, mulcire, evacuare laterală'],
    ],
  }),
  t({
    key: 'schubkarre',
    category: 'schubkarren',
    group: 'garden',
    name: ['Schubkarre', 'Roabă'],
    specs: [
      ['85 l', '85 l'],
      ['100 l', '100 l'],
      ['120 l Profi', '120 l Profi'],
    ],
    price: [49, 149],
    weight: [11000, 19000],
    variants: 'color',
    palette: 'garden',
    freight: 0.3,
    materials: ['steel', 'rubber'],
    usages: ['garden', 'site'],
    keywords: [
      ['Schubkarre', 'Scheibtruhe', 'Karre'],
      ['roabă', 'roabă de grădină', 'transport'],
    ],
    bullets: [
      ['Pulverbeschichtete Stahlwanne', 'Cuvă din oțel vopsită în câmp electrostatic'],
      ['Luftbereifung 400 mm', 'Roată pneumatică de 400 mm'],
      ['Tragkraft bis 150 kg', 'Capacitate de încărcare de până la 150 kg'],
    ],
  }),
  t({
    key: 'rasensamen',
    category: 'saatgut',
    group: 'garden',
    name: ['Rasensamen', 'Semințe de gazon'],
    specs: [
      ['Sport & Spiel 1 kg', 'Sport și joacă 1 kg'],
      ['Schattenrasen 1 kg', 'Gazon pentru umbră 1 kg'],
      ['Nachsaat 2,5 kg', 'Resemănare 2,5 kg'],
    ],
    price: [9, 39],
    weight: [1000, 2600],
    taxRule: 2,
    materials: ['organic'],
    usages: ['garden'],
    keywords: [
      ['Rasensaat', 'Grassamen', 'Rasen'],
      ['sămânță de gazon', 'iarbă', 'gazon'],
    ],
    bullets: [
      ['Keimt schon ab 8 °C Bodentemperatur', 'Germinează de la 8 °C temperatura solului'],
      ['Reicht für bis zu 40 m²', 'Suficient pentru până la 40 m²'],
      ['Strapazierfähige Sortenmischung', 'Amestec de soiuri rezistent la călcat'],
    ],
  }),
  t({
    key: 'tomatensamen',
    category: 'saatgut',
    group: 'garden',
    name: ['Tomatensamen', 'Semințe de roșii'],
    specs: [
      ['Harzfeuer', 'Harzfeuer'],
      ['Ochsenherz', 'Inimă de bou'],
      ['Cherry Mix', 'Cherry Mix'],
    ],
    price: [2, 6],
    weight: [10, 30],
    taxRule: 2,
    quantitySteps: [2],
    materials: ['organic'],
    usages: ['garden', 'indoor'],
    keywords: [
      ['Tomaten', 'Gemüsesamen', 'Saatgut'],
      ['roșii', 'semințe de legume', 'răsaduri'],
    ],
    bullets: [
      ['Samenfeste Sorte', 'Soi stabil, se poate păstra sămânța'],
      ['Aussaat Februar bis April', 'Semănat din februarie până în aprilie'],
      ['Für Gewächshaus und Freiland', 'Pentru seră și câmp deschis'],
    ],
  }),
  t({
    key: 'wandfarbe',
    category: 'wandfarbe',
    group: 'build',
    name: ['Dispersionsfarbe Innen', 'Vopsea lavabilă de interior'],
    specs: [
      ['2,5 l', '2,5 l'],
      ['5 l', '5 l'],
      ['10 l', '10 l'],
    ],
    price: [14, 79],
    weight: [3500, 15000],
    hazard: true,
    materials: ['mineral'],
    usages: ['indoor'],
    keywords: [
      ['Wandfarbe', 'Innenfarbe', 'Dispersionsfarbe', 'weiß'],
      ['vopsea lavabilă', 'vopsea interior', 'alb'],
    ],
    bullets: [
      ['Deckkraft Klasse 1 nach DIN EN 13300', 'Putere de acoperire clasa 1 conform DIN EN 13300'],
      ['Ergiebig: bis 7 m² pro Liter', 'Randament: până la 7 m² pe litru'],
      ['Lösemittelfrei und emissionsarm', 'Fără solvenți și cu emisii reduse'],
    ],
  }),
  t({
    key: 'winterjacke',
    category: 'winterjacken',
    group: 'wear',
    name: ['Arbeitsjacke Winter', 'Jachetă de lucru de iarnă'],
    specs: [
      ['wattiert', 'vătuită'],
      ['Softshell-Futter', 'cu căptușeală softshell'],
      ['Warnschutz', 'de avertizare'],
    ],
    price: [39, 149],
    weight: [900, 1600],
    variants: 'color+size',
    palette: 'work',
    sizes: 'clothing',
    materials: ['polyester', 'cotton'],
    usages: ['outdoor', 'site'],
    norm: 'EN 342',
    keywords: [
      ['Winterjacke', 'Arbeitsjacke', 'Thermojacke'],
      ['geacă de iarnă', 'jachetă de lucru', 'haină termică'],
    ],
    bullets: [
      ['Wasserabweisendes Obermaterial', 'Material exterior hidrofob'],
      ['Abnehmbare Kapuze', 'Glugă detașabilă'],
      ['Viele Taschen, auch für Zollstock und Handy', 'Multe buzunare, inclusiv pentru metru și telefon'],
      ['Reflexstreifen für bessere Sichtbarkeit', 'Benzi reflectorizante pentru vizibilitate mai bună'],
    ],
  }),
  t({
    key: 'sicherheitsstiefel',
    category: 'stiefel',
    group: 'wear',
    name: ['Sicherheitsstiefel S3', 'Bocanci de protecție S3'],
    specs: [
      ['Winter', 'de iarnă'],
      ['Classic', 'Clasic'],
      ['Light', 'ușori'],
    ],
    price: [49, 159],
    weight: [1300, 2100],
    variants: 'size',
    sizes: 'shoes',
    materials: ['leather', 'rubber'],
    usages: ['site', 'outdoor'],
    norm: 'EN ISO 20345 S3',
    keywords: [
      ['Sicherheitsschuhe', 'Arbeitsschuhe', 'S3 Stiefel'],
      ['bocanci', 'încălțăminte de protecție', 'bocanci S3'],
    ],
    bullets: [
      ['Stahlkappe und durchtrittsichere Zwischensohle', 'Bombeu metalic și lamelă antiperforație'],
      ['Rutschhemmende Sohle SRC', 'Talpă antiderapantă SRC'],
      ['Wasserabweisendes Leder', 'Piele hidrofobă'],
    ],
  }),
  t({
    key: 'montagehandschuhe',
    category: 'montagehandschuhe',
    group: 'wear',
    name: ['Montagehandschuhe Nitril', 'Mănuși de montaj cu nitril'],
    specs: [
      ['12 Paar', '12 perechi'],
      ['Grip', 'Grip'],
      ['Touch', 'Touch'],
    ],
    price: [4, 29],
    weight: [60, 700],
    variants: 'size',
    sizes: 'gloves',
    materials: ['nitrile', 'polyester'],
    usages: ['workshop', 'site', 'garden'],
    norm: 'EN 388',
    keywords: [
      ['Handschuhe', 'Arbeitshandschuhe', 'Montagehandschuh'],
      ['mănuși', 'mănuși de lucru', 'mănuși nitril'],
    ],
    bullets: [
      ['Nitril-Beschichtung für sicheren Griff', 'Acoperire cu nitril pentru prindere sigură'],
      ['Atmungsaktiver Handrücken', 'Dosul palmei respirabil'],
      ['Touchscreen-fähige Fingerkuppen (Modell Touch)', 'Vârfuri compatibile cu ecrane tactile (modelul Touch)'],
    ],
  }),
  t({
    key: 'ledlampe',
    category: 'ledlampen',
    group: 'home',
    name: ['LED-Lampe E27', 'Bec LED E27'],
    specs: [
      ['9 W warmweiß', '9 W alb cald'],
      ['11 W neutralweiß', '11 W alb neutru'],
      ['15 W dimmbar', '15 W dimabil'],
    ],
    price: [3, 14],
    weight: [40, 90],
    taxRule: 3,
    quantitySteps: [2, 3],
    materials: ['glass', 'plastic'],
    usages: ['indoor', 'household'],
    specFeature: 'power',
    keywords: [
      ['Glühbirne', 'LED', 'Leuchtmittel'],
      ['bec', 'LED', 'iluminat'],
    ],
    bullets: [
      ['Ersetzt eine 60-W-Glühbirne', 'Înlocuiește un bec incandescent de 60 W'],
      ['Lebensdauer bis 15.000 Stunden', 'Durată de viață de până la 15.000 de ore'],
      ['Sofort volle Helligkeit', 'Luminozitate maximă imediat'],
    ],
  }),

  // tier 2 categories
  t({
    key: 'bohrhammer',
    category: 'bohrhammer',
    group: 'tool',
    name: ['Bohrhammer SDS-plus', 'Ciocan rotopercutor SDS-plus'],
    specs: [
      ['800 W', '800 W'],
      ['1000 W', '1000 W'],
      ['1500 W', '1500 W'],
    ],
    price: [79, 349],
    weight: [2600, 5200],
    taxRule: 3,
    materials: ['plastic', 'steel'],
    usages: ['site'],
    specFeature: 'power',
    keywords: [
      ['Bohrhammer', 'Meißelhammer', 'SDS'],
      ['ciocan rotopercutor', 'demolare', 'SDS'],
    ],
    bullets: [
      ['Pneumatisches Schlagwerk mit 3,2 J', 'Mecanism de percuție pneumatic de 3,2 J'],
      ['Meißelfunktion mit Feststellung', 'Funcție de dăltuire cu blocare'],
      ['Rutschkupplung', 'Ambreiaj de siguranță'],
    ],
  }),
  t({
    key: 'handkreissaege',
    category: 'kreissaegen',
    group: 'tool',
    name: ['Handkreissäge', 'Fierăstrău circular de mână'],
    specs: [
      ['1200 W, 165 mm', '1200 W, 165 mm'],
      ['1400 W, 190 mm', '1400 W, 190 mm'],
    ],
    price: [69, 259],
    weight: [3500, 5200],
    taxRule: 3,
    materials: ['aluminium', 'steel'],
    usages: ['workshop', 'site'],
    specFeature: 'power',
    keywords: [
      ['Kreissäge', 'Handkreissäge', 'Säge'],
      ['fierăstrău circular', 'circular', 'tăiere lemn'],
    ],
    bullets: [
      ['Aluminium-Grundplatte', 'Talpă din aluminiu'],
      ['Schnitttiefe stufenlos einstellbar', 'Adâncime de tăiere reglabilă continuu'],
      ['Parallelanschlag im Lieferumfang', 'Ghidaj paralel inclus'],
    ],
  }),
  t({
    key: 'schraubendreher',
    category: 'schraubendreher',
    group: 'tool',
    name: ['Schraubendreher-Set', 'Set de șurubelnițe'],
    specs: [
      ['6-teilig', '6 piese'],
      ['VDE 7-teilig', 'VDE 7 piese'],
      ['Torx 8-teilig', 'Torx 8 piese'],
    ],
    price: [12, 49],
    weight: [300, 800],
    materials: ['steel', 'plastic'],
    usages: ['workshop', 'household'],
    keywords: [
      ['Schraubenzieher', 'Schraubendreher', 'Werkzeugset'],
      ['șurubelniță', 'set scule', 'torx'],
    ],
    bullets: [
      ['Klingen aus Chrom-Vanadium-Molybdän-Stahl', 'Lame din oțel crom-vanadiu-molibden'],
      ['Magnetische Spitzen', 'Vârfuri magnetice'],
      ['Ergonomische Mehrkomponentengriffe', 'Mânere ergonomice multicomponente'],
    ],
  }),
  t({
    key: 'duebel',
    category: 'duebel',
    group: 'tool',
    name: ['Universaldübel', 'Dibluri universale'],
    specs: [
      ['6 mm, 100 Stück', '6 mm, 100 buc.'],
      ['8 mm, 100 Stück', '8 mm, 100 buc.'],
      ['10 mm, 50 Stück', '10 mm, 50 buc.'],
    ],
    price: [4, 16],
    weight: [100, 400],
    quantitySteps: [5, 10],
    materials: ['plastic'],
    usages: ['indoor', 'site'],
    keywords: [
      ['Dübel', 'Spreizdübel', 'Befestigung'],
      ['diblu', 'dibluri', 'fixare'],
    ],
    bullets: [
      ['Für Beton, Ziegel, Gipskarton', 'Pentru beton, cărămidă, gips-carton'],
      ['Aus hochwertigem Nylon', 'Din nailon de calitate superioară'],
      ['Verdrehsicher durch Sperrzungen', 'Anti-rotire datorită aripioarelor'],
    ],
  }),
  t({
    key: 'viereckregner',
    category: 'regner',
    group: 'garden',
    name: ['Viereckregner', 'Aspersor oscilant'],
    specs: [
      ['bis 250 m²', 'până la 250 m²'],
      ['bis 350 m²', 'până la 350 m²'],
    ],
    price: [12, 49],
    weight: [400, 900],
    materials: ['plastic', 'aluminium'],
    usages: ['garden'],
    keywords: [
      ['Rasensprenger', 'Regner', 'Bewässerung'],
      ['aspersor', 'stropitoare', 'irigare'],
    ],
    bullets: [
      ['Reichweite und Breite stufenlos einstellbar', 'Lungime și lățime reglabile continuu'],
      ['Mit Wassermengenregulierung', 'Cu reglarea debitului de apă'],
      ['Düsen einfach zu reinigen', 'Duze ușor de curățat'],
    ],
  }),
  t({
    key: 'heckenschere',
    category: 'heckenscheren',
    group: 'garden',
    name: ['Elektro-Heckenschere', 'Foarfecă electrică de gard viu'],
    specs: [
      ['500 W, 55 cm', '500 W, 55 cm'],
      ['650 W, 65 cm', '650 W, 65 cm'],
    ],
    price: [49, 139],
    weight: [2800, 4200],
    taxRule: 3,
    materials: ['plastic', 'steel'],
    usages: ['garden'],
    specFeature: 'power',
    keywords: [
      ['Heckenschere', 'Heckentrimmer', 'Strauchschere'],
      ['foarfecă gard viu', 'trimmer', 'tuns gard viu'],
    ],
    bullets: [
      ['Diamantgeschliffene Messer', 'Lame șlefuite cu diamant'],
      ['Drehbarer Handgriff', 'Mâner rotativ'],
      ['Schnittgutkehrer inklusive', 'Colector de resturi inclus'],
    ],
  }),
  t({
    key: 'spaten',
    category: 'handgeraete',
    group: 'garden',
    name: ['Gärtnerspaten', 'Cazma de grădinărit'],
    specs: [
      ['Eschenstiel', 'coadă de frasin'],
      ['T-Griff', 'mâner în T'],
      ['Edelstahl', 'inox'],
    ],
    price: [19, 69],
    weight: [1600, 2400],
    materials: ['steel', 'wood'],
    usages: ['garden'],
    keywords: [
      ['Spaten', 'Grabschaufel', 'Gartenwerkzeug'],
      ['cazma', 'hârleț', 'unealtă de grădină'],
    ],
    bullets: [
      ['Blatt aus gehärtetem Stahl', 'Lamă din oțel călit'],
      ['Trittkante für kraftsparendes Graben', 'Treaptă pentru săpat fără efort'],
      ['Stiel aus FSC-zertifiziertem Holz', 'Coadă din lemn certificat FSC'],
    ],
  }),
  t({
    key: 'gartenstuhl',
    category: 'stuehle',
    group: 'garden',
    name: ['Gartenstuhl klappbar', 'Scaun de grădină pliabil'],
    specs: [
      ['Akazie', 'salcâm'],
      ['Aluminium', 'aluminiu'],
      ['Textilene', 'textilenă'],
    ],
    price: [29, 119],
    weight: [3000, 6500],
    variants: 'color',
    palette: 'garden',
    materials: ['wood', 'aluminium', 'polyester'],
    usages: ['garden', 'outdoor'],
    keywords: [
      ['Gartenstuhl', 'Klappstuhl', 'Gartenmöbel'],
      ['scaun de grădină', 'scaun pliant', 'mobilier de grădină'],
    ],
    bullets: [
      ['Platzsparend zusammenklappbar', 'Se pliază pentru depozitare ușoară'],
      ['Wetterfest behandelt', 'Tratat pentru rezistență la intemperii'],
      ['Belastbar bis 120 kg', 'Suportă până la 120 kg'],
    ],
  }),
  t({
    key: 'blumenerde',
    category: 'erde',
    group: 'garden',
    name: ['Blumenerde torffrei', 'Pământ de flori fără turbă'],
    specs: [
      ['20 l', '20 l'],
      ['40 l', '40 l'],
      ['70 l', '70 l'],
    ],
    price: [5, 19],
    weight: [8000, 30000],
    taxRule: 2,
    freight: 0.05,
    materials: ['organic'],
    usages: ['garden', 'indoor'],
    keywords: [
      ['Erde', 'Pflanzerde', 'Blumenerde', 'Tüte'],
      ['pământ de flori', 'substrat', 'turbă'],
    ],
    bullets: [
      ['Mit Langzeitdünger für 3 Monate', 'Cu îngrășământ de lungă durată pentru 3 luni'],
      ['Torffrei und klimafreundlich', 'Fără turbă și prietenos cu clima'],
      ['Für Balkon- und Kübelpflanzen', 'Pentru plante de balcon și ghivece'],
    ],
  }),
  t({
    key: 'holzlasur',
    category: 'holzlasur',
    group: 'build',
    name: ['Holzlasur', 'Lazură pentru lemn'],
    specs: [
      ['0,75 l', '0,75 l'],
      ['2,5 l', '2,5 l'],
      ['5 l', '5 l'],
    ],
    price: [12, 69],
    weight: [900, 5800],
    variants: 'color',
    palette: 'wood',
    hazard: true,
    materials: ['organic'],
    usages: ['outdoor', 'garden'],
    keywords: [
      ['Lasur', 'Holzschutz', 'Holzfarbe'],
      ['lazură', 'protecția lemnului', 'baiț'],
    ],
    bullets: [
      ['Schützt vor UV-Strahlung und Feuchtigkeit', 'Protejează de radiații UV și umezeală'],
      ['Seidenmatter Glanz', 'Luciu satinat'],
      ['Tropfgehemmt', 'Nu picură'],
    ],
  }),
  t({
    key: 'zement',
    category: 'zement',
    group: 'build',
    name: ['Zement CEM II', 'Ciment CEM II'],
    specs: [
      ['25 kg', '25 kg'],
      ['Palette 40 x 25 kg', 'palet 40 x 25 kg'],
    ],
    price: [8, 299],
    weight: [25000, 1000000],
    freight: 0.5,
    materials: ['mineral'],
    usages: ['site', 'outdoor'],
    keywords: [
      ['Zement', 'Baustoff', 'Beton'],
      ['ciment', 'material de construcții', 'beton'],
    ],
    bullets: [
      ['Für Beton, Mörtel und Estrich', 'Pentru beton, mortar și șapă'],
      ['Festigkeitsklasse 42,5 R', 'Clasa de rezistență 42,5 R'],
      ['Trocken lagern', 'A se depozita în loc uscat'],
    ],
  }),
  t({
    key: 'stehleiter',
    category: 'stehleitern',
    group: 'build',
    name: ['Aluminium-Stehleiter', 'Scară din aluminiu'],
    specs: [
      ['4 Stufen', '4 trepte'],
      ['6 Stufen', '6 trepte'],
      ['8 Stufen', '8 trepte'],
    ],
    price: [39, 189],
    weight: [3500, 9000],
    freight: 0.2,
    materials: ['aluminium', 'plastic'],
    usages: ['indoor', 'household', 'site'],
    norm: 'EN 131',
    keywords: [
      ['Leiter', 'Trittleiter', 'Stehleiter'],
      ['scară', 'scăriță', 'scară pliabilă'],
    ],
    bullets: [
      ['Rutschfeste Stufen mit Rillenprofil', 'Trepte antiderapante cu profil canelat'],
      ['Ablageschale für Werkzeug und Farbeimer', 'Tavă pentru scule și găleata de vopsea'],
      ['Belastbar bis 150 kg', 'Capacitate de până la 150 kg'],
    ],
  }),
  t({
    key: 'softshelljacke',
    category: 'softshell',
    group: 'wear',
    name: ['Softshelljacke', 'Jachetă softshell'],
    specs: [
      ['Stretch', 'stretch'],
      ['Pro', 'Pro'],
      ['Hybrid', 'hibrid'],
    ],
    price: [35, 99],
    weight: [500, 900],
    variants: 'color+size',
    palette: 'work',
    sizes: 'clothing',
    materials: ['polyester'],
    usages: ['outdoor', 'site'],
    keywords: [
      ['Softshell', 'Jacke', 'Arbeitsjacke'],
      ['softshell', 'jachetă', 'geacă de lucru'],
    ],
    bullets: [
      ['Wind- und wasserabweisend', 'Rezistentă la vânt și apă'],
      ['Atmungsaktive 3-Lagen-Membran', 'Membrană respirabilă în 3 straturi'],
      ['Kinnschutz am Reißverschluss', 'Protecție pentru bărbie la fermoar'],
    ],
  }),
  t({
    key: 'bundhose',
    category: 'bundhosen',
    group: 'wear',
    name: ['Arbeitshose', 'Pantaloni de lucru'],
    specs: [
      ['Canvas', 'canvas'],
      ['Stretch', 'stretch'],
      ['mit Kniepolstertaschen', 'cu buzunare pentru genunchiere'],
    ],
    price: [29, 89],
    weight: [500, 900],
    variants: 'color+size',
    palette: 'work',
    sizes: 'clothing',
    materials: ['cotton', 'polyester'],
    usages: ['site', 'workshop'],
    keywords: [
      ['Arbeitshose', 'Bundhose', 'Handwerkerhose'],
      ['pantaloni de lucru', 'pantaloni meseriaș', 'salopetă'],
    ],
    bullets: [
      ['Verstärkte Kniepartie aus Cordura', 'Genunchi întăriți cu Cordura'],
      ['Zollstocktasche und Hammerschlaufe', 'Buzunar pentru metru și suport pentru ciocan'],
      ['Bei 60 °C waschbar', 'Se poate spăla la 60 °C'],
    ],
  }),
  t({
    key: 'latzhose',
    category: 'latzhosen',
    group: 'wear',
    name: ['Latzhose', 'Salopetă de lucru'],
    specs: [
      ['Classic', 'Clasic'],
      ['Canvas', 'canvas'],
    ],
    price: [34, 89],
    weight: [700, 1100],
    variants: 'color+size',
    palette: 'work',
    sizes: 'clothing',
    materials: ['cotton', 'polyester'],
    usages: ['site', 'workshop', 'garden'],
    keywords: [
      ['Latzhose', 'Arbeitslatzhose', 'Overall'],
      ['salopetă', 'salopetă cu pieptar', 'overall'],
    ],
    bullets: [
      ['Verstellbare Hosenträger mit Schnellverschluss', 'Bretele reglabile cu închidere rapidă'],
      ['Brusttasche mit Reißverschluss', 'Buzunar la piept cu fermoar'],
      ['Seitliche Knopfleiste', 'Închidere laterală cu nasturi'],
    ],
  }),
  t({
    key: 'sicherheitshalbschuh',
    category: 'halbschuhe',
    group: 'wear',
    name: ['Sicherheitshalbschuh S1P', 'Pantofi de protecție S1P'],
    specs: [
      ['Sport', 'sport'],
      ['Mesh', 'mesh'],
      ['ESD', 'ESD'],
    ],
    price: [39, 119],
    weight: [900, 1400],
    variants: 'color+size',
    palette: 'work',
    sizes: 'shoes',
    materials: ['leather', 'polyester', 'rubber'],
    usages: ['workshop', 'indoor'],
    norm: 'EN ISO 20345 S1P',
    keywords: [
      ['Sicherheitsschuhe', 'Arbeitsschuhe', 'S1P'],
      ['pantofi de protecție', 'încălțăminte de lucru', 'S1P'],
    ],
    bullets: [
      ['Leichte Kunststoff-Schutzkappe', 'Bombeu ușor din material compozit'],
      ['Metallfreie Durchtrittsicherheit', 'Protecție antiperforație fără metal'],
      ['Antistatisch', 'Antistatici'],
    ],
  }),
  t({
    key: 'hochdruckreiniger',
    category: 'hochdruckreiniger',
    group: 'home',
    name: ['Hochdruckreiniger', 'Aparat de spălat cu presiune'],
    specs: [
      ['130 bar', '130 bar'],
      ['150 bar', '150 bar'],
      ['170 bar', '170 bar'],
    ],
    price: [89, 399],
    weight: [6000, 15000],
    taxRule: 3,
    materials: ['plastic', 'steel'],
    usages: ['outdoor', 'household'],
    keywords: [
      ['Hochdruckreiniger', 'Dampfstrahler', 'Kärcher'],
      ['aparat de spălat', 'curățitor cu presiune', 'karcher'],
    ],
    bullets: [
      ['Induktionsmotor mit Aluminiumpumpe', 'Motor cu inducție și pompă din aluminiu'],
      ['Integrierter Reinigungsmitteltank', 'Rezervor integrat pentru detergent'],
      ['Schlauchtrommel 8 m', 'Tambur cu furtun de 8 m'],
    ],
  }),
  t({
    key: 'besen',
    category: 'besen',
    group: 'home',
    name: ['Straßenbesen', 'Mătură stradală'],
    specs: [
      ['40 cm', '40 cm'],
      ['60 cm', '60 cm'],
      ['80 cm Profi', '80 cm Profi'],
    ],
    price: [9, 39],
    weight: [700, 1800],
    materials: ['wood', 'plastic'],
    usages: ['outdoor', 'household'],
    keywords: [
      ['Besen', 'Kehrbesen', 'Hofbesen'],
      ['mătură', 'mătură de curte', 'curățenie'],
    ],
    bullets: [
      ['Borsten aus Elaston, nass und trocken', 'Peri din Elaston, pentru ud și uscat'],
      ['Stiel 140 cm', 'Coadă de 140 cm'],
      ['Stielhalter aus Metall', 'Suport de coadă din metal'],
    ],
  }),
  t({
    key: 'ledstrahler',
    category: 'strahler',
    group: 'home',
    name: ['LED-Strahler', 'Proiector LED'],
    specs: [
      ['20 W', '20 W'],
      ['30 W mit Bewegungsmelder', '30 W cu senzor de mișcare'],
      ['50 W', '50 W'],
    ],
    price: [14, 69],
    weight: [400, 1500],
    taxRule: 3,
    materials: ['aluminium', 'glass'],
    usages: ['outdoor', 'site'],
    specFeature: 'power',
    keywords: [
      ['Strahler', 'Fluter', 'Baustrahler'],
      ['proiector', 'reflector', 'lampă de exterior'],
    ],
    bullets: [
      ['Schutzart IP65', 'Grad de protecție IP65'],
      ['Neutralweißes Licht, 4000 K', 'Lumină albă neutră, 4000 K'],
      ['Aluminiumgehäuse mit Kühlrippen', 'Carcasă din aluminiu cu aripioare de răcire'],
    ],
  }),
  t({
    key: 'schwerlastregal',
    category: 'regale',
    group: 'home',
    name: ['Schwerlastregal', 'Raft metalic pentru sarcini grele'],
    specs: [
      ['180 x 90 x 40 cm', '180 x 90 x 40 cm'],
      ['200 x 100 x 50 cm', '200 x 100 x 50 cm'],
    ],
    price: [39, 149],
    weight: [15000, 32000],
    freight: 0.4,
    materials: ['steel', 'wood'],
    usages: ['indoor', 'workshop'],
    keywords: [
      ['Regal', 'Kellerregal', 'Lagerregal'],
      ['raft', 'raft metalic', 'raft depozitare'],
    ],
    bullets: [
      ['Fachlast bis 175 kg', 'Sarcină pe raft de până la 175 kg'],
      ['Stecksystem ohne Schrauben', 'Sistem de asamblare fără șuruburi'],
      ['Böden aus HDF', 'Polițe din HDF'],
    ],
  }),
  t({
    key: 'aufbewahrungsbox',
    category: 'boxen',
    group: 'home',
    name: ['Aufbewahrungsbox mit Deckel', 'Cutie de depozitare cu capac'],
    specs: [
      ['45 l', '45 l'],
      ['60 l', '60 l'],
      ['80 l', '80 l'],
    ],
    price: [7, 29],
    weight: [900, 2500],
    variants: 'color',
    palette: 'bright',
    materials: ['plastic'],
    usages: ['indoor', 'household'],
    keywords: [
      ['Box', 'Kiste', 'Aufbewahrung'],
      ['cutie', 'ladă', 'depozitare'],
    ],
    bullets: [
      ['Stapelbar', 'Stivuibilă'],
      ['Lebensmittelecht', 'Potrivită pentru alimente'],
      ['Deckel mit Klickverschluss', 'Capac cu închidere prin clic'],
    ],
  }),

  // tier 3 categories
  t({
    key: 'exzenterschleifer',
    category: 'exzenter',
    group: 'tool',
    name: ['Exzenterschleifer', 'Mașină de șlefuit cu excentric'],
    specs: [
      ['125 mm', '125 mm'],
      ['150 mm', '150 mm'],
    ],
    price: [49, 219],
    weight: [1300, 2200],
    taxRule: 3,
    materials: ['plastic'],
    usages: ['workshop'],
    keywords: [
      ['Schleifer', 'Exzenter', 'Schleifmaschine'],
      ['șlefuitor', 'excentric', 'șlefuire'],
    ],
    bullets: [
      ['Absaugung mit Staubbox', 'Aspirare cu colector de praf'],
      ['Klett-Schleifteller', 'Taler cu arici'],
      ['Drehzahlregulierung', 'Reglarea turației'],
    ],
  }),
  t({
    key: 'winkelschleifer',
    category: 'winkelschleifer',
    group: 'tool',
    name: ['Winkelschleifer', 'Polizor unghiular'],
    specs: [
      ['125 mm, 900 W', '125 mm, 900 W'],
      ['230 mm, 2200 W', '230 mm, 2200 W'],
    ],
    price: [39, 189],
    weight: [1900, 5400],
    taxRule: 3,
    materials: ['plastic', 'steel'],
    usages: ['workshop', 'site'],
    keywords: [
      ['Flex', 'Winkelschleifer', 'Trennschleifer'],
      ['flex', 'polizor', 'disc de tăiere'],
    ],
    bullets: [
      ['Wiederanlaufschutz', 'Protecție la repornire'],
      ['Spindelarretierung', 'Blocare ax'],
      ['Schutzhaube werkzeuglos verstellbar', 'Apărătoare reglabilă fără scule'],
    ],
  }),
  t({
    key: 'hammer',
    category: 'hammer',
    group: 'tool',
    name: ['Schlosserhammer', 'Ciocan de lăcătuș'],
    specs: [
      ['300 g', '300 g'],
      ['500 g', '500 g'],
      ['1000 g Fiberglas', '1000 g fibră de sticlă'],
    ],
    price: [8, 34],
    weight: [400, 1300],
    materials: ['steel', 'wood'],
    usages: ['workshop', 'site'],
    keywords: [
      ['Hammer', 'Schlosserhammer'],
      ['ciocan', 'ciocan de lăcătuș'],
    ],
    bullets: [
      ['Kopf aus geschmiedetem Stahl', 'Cap din oțel forjat'],
      ['Hickorystiel', 'Coadă din lemn de hickory'],
      ['Sicherer Sitz durch Keilverbindung', 'Fixare sigură cu pană'],
    ],
  }),
  t({
    key: 'schlauchwagen',
    category: 'schlauchwagen',
    group: 'garden',
    name: ['Schlauchwagen', 'Tambur pentru furtun'],
    specs: [
      ['für 60 m', 'pentru 60 m'],
      ['für 80 m Metall', 'pentru 80 m metal'],
    ],
    price: [29, 99],
    weight: [4000, 9000],
    materials: ['steel', 'plastic'],
    usages: ['garden'],
    keywords: [
      ['Schlauchwagen', 'Schlauchtrommel'],
      ['tambur furtun', 'cărucior furtun'],
    ],
    bullets: [
      ['Kurbel mit Rücklaufsperre', 'Manivelă cu blocare'],
      ['Kippstabil', 'Stabil la răsturnare'],
      ['Mit Anschlussschlauch', 'Cu furtun de conectare'],
    ],
  }),
  t({
    key: 'holzkohlegrill',
    category: 'holzkohlegrill',
    group: 'garden',
    name: ['Kugelgrill Holzkohle', 'Grătar sferic pe cărbuni'],
    specs: [
      ['47 cm', '47 cm'],
      ['57 cm', '57 cm'],
    ],
    price: [59, 299],
    weight: [8000, 19000],
    freight: 0.2,
    materials: ['steel', 'stainless'],
    usages: ['garden', 'outdoor'],
    keywords: [
      ['Grill', 'Kugelgrill', 'Holzkohle'],
      ['grătar', 'barbecue', 'cărbuni'],
    ],
    bullets: [
      ['Emaillierter Deckel mit Thermometer', 'Capac emailat cu termometru'],
      ['Ascheauffang', 'Colector de cenușă'],
      ['Verchromter Grillrost', 'Grătar cromat'],
    ],
  }),
  t({
    key: 'gasgrill',
    category: 'gasgrill',
    group: 'garden',
    name: ['Gasgrill', 'Grătar pe gaz'],
    specs: [
      ['3 Brenner', '3 arzătoare'],
      ['4 Brenner mit Seitenkocher', '4 arzătoare cu arzător lateral'],
    ],
    price: [199, 899],
    weight: [30000, 60000],
    freight: 0.9,
    hazard: true,
    materials: ['stainless', 'steel'],
    usages: ['garden', 'outdoor'],
    keywords: [
      ['Gasgrill', 'Grill', 'BBQ'],
      ['grătar pe gaz', 'barbecue', 'BBQ'],
    ],
    bullets: [
      ['Edelstahlbrenner', 'Arzătoare din oțel inoxidabil'],
      ['Piezozündung', 'Aprindere piezo'],
      ['Gusseiserne Roste', 'Grătare din fontă'],
    ],
  }),
  t({
    key: 'schutzbrille',
    category: 'schutzbrillen',
    group: 'wear',
    name: ['Schutzbrille', 'Ochelari de protecție'],
    specs: [
      ['klar', 'transparenți'],
      ['getönt', 'fumurii'],
      ['Vollsicht', 'panoramici'],
    ],
    price: [4, 24],
    weight: [30, 120],
    quantitySteps: [3],
    materials: ['plastic'],
    usages: ['workshop', 'site'],
    norm: 'EN 166',
    keywords: [
      ['Schutzbrille', 'Arbeitsschutzbrille'],
      ['ochelari de protecție', 'ochelari de lucru'],
    ],
    bullets: [
      ['Beschlagfrei und kratzfest', 'Antiaburire și rezistenți la zgârieturi'],
      ['Über Korrekturbrillen tragbar', 'Se pot purta peste ochelari de vedere'],
      ['UV-Schutz 400', 'Protecție UV 400'],
    ],
  }),
  t({
    key: 'gehoerschutz',
    category: 'gehoerschutz',
    group: 'wear',
    name: ['Kapselgehörschutz', 'Antifoane externe'],
    specs: [
      ['SNR 28 dB', 'SNR 28 dB'],
      ['SNR 33 dB', 'SNR 33 dB'],
    ],
    price: [9, 39],
    weight: [180, 320],
    materials: ['plastic'],
    usages: ['workshop', 'site'],
    norm: 'EN 352-1',
    keywords: [
      ['Gehörschutz', 'Ohrenschützer'],
      ['antifoane', 'protecție auditivă'],
    ],
    bullets: [
      ['Weiche Ohrpolster', 'Perne moi pentru urechi'],
      ['Stufenlos verstellbarer Bügel', 'Bentiță reglabilă continuu'],
      ['Zusammenklappbar', 'Pliabile'],
    ],
  }),
];

/** Model-line words appended to some titles. */
export const SERIES: readonly Pair[] = [
  ['Compact', 'Compact'],
  ['Pro', 'Pro'],
  ['Plus', 'Plus'],
  ['Basic', 'Basic'],
  ['Premium', 'Premium'],
  ['Expert', 'Expert'],
  ['Comfort', 'Confort'],
  ['Eco', 'Eco'],
  ['Max', 'Max'],
  ['Classic', 'Clasic'],
];

/** Opening sentences per group; {title} and {brand} are filled in. */
export const INTROS: Record<Group, readonly Pair[]> = {
  tool: [
    ['Der {title} von {brand} ist ein zuverlässiger Begleiter für Heimwerker und Profis.', '{title} de la {brand}: un partener de încredere pentru meșteri și profesioniști.'],
    ['Mit dem {title} gelingen Arbeiten in Werkstatt und auf der Baustelle schnell und präzise.', 'Cu {title} lucrările din atelier și de pe șantier se fac rapid și precis.'],
    ['{brand} steht für langlebiges Werkzeug – der {title} ist keine Ausnahme.', '{brand} înseamnă scule durabile – {title} nu face excepție.'],
  ],
  garden: [
    ['Mit {title} von {brand} wird die Gartenarbeit leichter.', 'Cu {title} de la {brand}, munca în grădină devine mai ușoară.'],
    ['Für einen gepflegten Garten: {title} aus dem Sortiment von {brand}.', 'Pentru o grădină îngrijită: {title} din gama {brand}.'],
    ['{title} – bewährt in Hausgärten in ganz Europa.', '{title}: calitate verificată în grădini din toată Europa.'],
  ],
  build: [
    ['{title} von {brand} für saubere Ergebnisse beim Renovieren.', '{title} de la {brand} pentru rezultate curate la renovare.'],
    ['Ob Neubau oder Renovierung: {title} ist die solide Wahl.', 'Fie construcție nouă, fie renovare: alegerea solidă este {title}.'],
  ],
  wear: [
    ['{title} von {brand}: bequem, robust und für den harten Arbeitsalltag gemacht.', '{title} de la {brand}: confort, rezistență și durabilitate pentru munca grea de zi cu zi.'],
    ['Gut geschützt durch jeden Arbeitstag – mit {title}.', 'Bine protejat în fiecare zi de lucru – cu {title}.'],
  ],
  home: [
    ['{title} von {brand} für Haus, Keller und Garage.', '{title} de la {brand} pentru casă, pivniță și garaj.'],
    ['Praktisch im Alltag: {title}.', 'Practic în viața de zi cu zi: {title}.'],
  ],
};

export const CLOSINGS: Record<Group, Pair> = {
  tool: ['Bitte beachten Sie die Sicherheitshinweise in der Bedienungsanleitung.', 'Vă rugăm să respectați instrucțiunile de siguranță din manualul de utilizare.'],
  garden: ['Nach Gebrauch reinigen und trocken lagern – so haben Sie lange Freude daran.', 'După utilizare curățați și depozitați la loc uscat – așa vă bucurați mult timp de el.'],
  build: ['Technisches Merkblatt und Sicherheitsdatenblatt finden Sie unter „Dokumente“.', 'Fișa tehnică și fișa cu date de securitate se găsesc la „Documente”.'],
  wear: ['Pflegehinweise: siehe Etikett. Nicht chemisch reinigen.', 'Instrucțiuni de întreținere: vezi eticheta. A nu se curăța chimic.'],
  home: ['Für den täglichen Gebrauch gemacht – geprüfte Qualität zum fairen Preis.', 'Făcut pentru utilizare zilnică – calitate verificată la un preț corect.'],
};

export const LABELS = {
  highlights: ['Highlights', 'Puncte forte'],
  box: ['Lieferumfang', 'Conținutul pachetului'],
  note: ['Hinweis', 'Notă'],
  buyNow: ['jetzt günstig kaufen', '– cumpără acum la preț avantajos'],
  image: ['Ansicht', 'Imagine'],
  from: ['von', 'de la'],
} as const;
