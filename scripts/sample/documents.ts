/**
 * The document pool: real PDFs made with pdf-lib, written once per export and referenced by
 * products and contents. Metadata and dates are fixed, so the bytes are reproducible.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { SHOP_NAME } from './words.ts';
import { toWinAnsi } from './slug.ts';

export interface PoolDocument {
  key: DocumentKey;
  file: string;
  bytes: number;
  title: { de: string; ro: string };
}

export type DocumentKey = 'datasheet' | 'manual' | 'safety' | 'care' | 'warranty' | 'withdrawal' | 'userManual';

interface DocumentDef {
  key: DocumentKey;
  name: string;
  title: { de: string; ro: string };
  lines: { de: readonly string[]; ro: readonly string[] };
}

const DEFS: readonly DocumentDef[] = [
  {
    key: 'datasheet',
    name: 'datenblatt',
    title: { de: 'Technisches Datenblatt', ro: 'Fișă tehnică' },
    lines: {
      de: ['Technische Daten, Abmessungen und Zubehör.', 'Alle Angaben ohne Gewähr; technische Änderungen vorbehalten.'],
      ro: ['Date tehnice, dimensiuni și accesorii.', 'Toate datele sunt fără garanție; ne rezervăm dreptul la modificări tehnice.'],
    },
  },
  {
    key: 'manual',
    name: 'bedienungsanleitung',
    title: { de: 'Bedienungsanleitung', ro: 'Manual de utilizare' },
    lines: {
      de: ['Lesen Sie diese Anleitung vor dem ersten Gebrauch vollständig.', 'Bewahren Sie die Anleitung für später auf.', 'Das Gerät ist nicht für Kinder geeignet.'],
      ro: ['Citiți integral aceste instrucțiuni înainte de prima utilizare.', 'Păstrați manualul pentru consultări ulterioare.', 'Aparatul nu este destinat copiilor.'],
    },
  },
  {
    key: 'safety',
    name: 'sicherheitsdatenblatt',
    title: { de: 'Sicherheitsdatenblatt', ro: 'Fișă cu date de securitate' },
    lines: {
      de: ['Gemäß Verordnung (EG) Nr. 1907/2006 (REACH).', 'Darf nicht in die Hände von Kindern gelangen.'],
      ro: ['Conform Regulamentului (CE) nr. 1907/2006 (REACH).', 'A nu se lăsa la îndemâna copiilor.'],
    },
  },
  {
    key: 'care',
    name: 'pflegehinweise',
    title: { de: 'Pflegehinweise', ro: 'Instrucțiuni de întreținere' },
    lines: {
      de: ['Bei 60 °C waschbar, nicht bleichen.', 'Nicht im Trockner trocknen.'],
      ro: ['Se poate spăla la 60 °C, a nu se înălbi.', 'A nu se usca în uscător.'],
    },
  },
  {
    key: 'warranty',
    name: 'garantiebedingungen',
    title: { de: 'Garantiebedingungen', ro: 'Condiții de garanție' },
    lines: {
      de: ['Die Herstellergarantie gilt ab Kaufdatum.', 'Bitte bewahren Sie den Kaufbeleg auf.'],
      ro: ['Garanția producătorului se aplică de la data cumpărării.', 'Vă rugăm să păstrați bonul fiscal.'],
    },
  },
  {
    key: 'withdrawal',
    name: 'widerrufsformular',
    title: { de: 'Muster-Widerrufsformular', ro: 'Formular de retragere' },
    lines: {
      de: ['An: Werkhof Handels GmbH, Beispielstraße 12, 04109 Leipzig', 'Hiermit widerrufe(n) ich/wir den von mir/uns abgeschlossenen Vertrag.'],
      ro: ['Către: Werkhof Handels GmbH, Beispielstraße 12, 04109 Leipzig', 'Prin prezenta vă informez că doresc să mă retrag din contract.'],
    },
  },
  {
    key: 'userManual',
    name: 'manual-de-utilizare',
    title: { de: 'Allgemeine Gebrauchsanleitung', ro: 'Manual general de utilizare' },
    lines: {
      de: ['Allgemeine Hinweise zu Aufbau, Gebrauch und Entsorgung.', 'Elektroaltgeräte gehören nicht in den Hausmüll.'],
      ro: ['Indicații generale privind montajul, utilizarea și eliminarea.', 'Echipamentele electrice uzate nu se aruncă la gunoiul menajer.'],
    },
  },
];

async function renderPdf(def: DocumentDef, date: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(toWinAnsi(`${def.title.de} / ${def.title.ro}`));
  doc.setAuthor(`${SHOP_NAME} Handels GmbH`);
  doc.setCreator(`${SHOP_NAME} sample generator`);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const [lang, title] of [
    ['de', def.title.de],
    ['ro', def.title.ro],
  ] as const) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawRectangle({ x: 0, y: 781, width: 595.28, height: 61, color: rgb(0.16, 0.24, 0.31) });
    page.drawText(SHOP_NAME, { x: 40, y: 803, size: 20, font: bold, color: rgb(1, 1, 1) });
    page.drawText(toWinAnsi(title), { x: 40, y: 730, size: 22, font: bold, color: rgb(0.1, 0.1, 0.1) });
    let y = 690;
    for (const line of def.lines[lang]) {
      page.drawText(toWinAnsi(line), { x: 40, y, size: 11, font: regular, color: rgb(0.15, 0.15, 0.15) });
      y -= 20;
    }
    // A small table, so that the page has some structure.
    y -= 20;
    for (let row = 0; row < 5; row++) {
      page.drawRectangle({
        x: 40,
        y: y - row * 22,
        width: 515,
        height: 22,
        borderWidth: 0.5,
        borderColor: rgb(0.6, 0.6, 0.6),
        color: row % 2 ? rgb(1, 1, 1) : rgb(0.95, 0.95, 0.95),
      });
      page.drawText(toWinAnsi(`${lang === 'de' ? 'Position' : 'Poziția'} ${row + 1}`), { x: 48, y: y - row * 22 + 7, size: 10, font: regular });
    }
    page.drawText(`${lang.toUpperCase()} - ${SHOP_NAME}`, { x: 40, y: 30, size: 8, font: regular, color: rgb(0.4, 0.4, 0.4) });
  }
  return doc.save({ useObjectStreams: false });
}

export async function writeDocumentPool(exportDir: string, date: Date): Promise<Record<DocumentKey, PoolDocument>> {
  await mkdir(join(exportDir, 'media/documents'), { recursive: true });
  const out = {} as Record<DocumentKey, PoolDocument>;
  for (const def of DEFS) {
    const bytes = await renderPdf(def, date);
    const file = `media/documents/${def.name}.pdf`;
    await writeFile(join(exportDir, file), bytes);
    out[def.key] = { key: def.key, file, bytes: bytes.length, title: def.title };
  }
  return out;
}
