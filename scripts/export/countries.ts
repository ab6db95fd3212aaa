/**
 * countries.json: the visible countries with their names and, for countries with states,
 * their visible states. Country ids are Thelia's (key on them, not on isoalpha2: the 2.5 seed
 * gives Belize and Saint-Barthélemy the same alpha-2 code).
 */
import type { Country } from '../../src/catalog/export-schema.ts';
import type { Db } from './db.ts';
import { loadI18n, localizeString } from './i18n.ts';
import type { Languages } from './languages.ts';
import type { Reporter } from './progress.ts';

interface CountryRow {
  id: number;
  isoalpha2: string | null;
  isoalpha3: string | null;
  has_states: number | null;
  need_zip_code: number | null;
  zip_code_format: string | null;
}

export async function loadCountries(db: Db, langs: Languages, report: Reporter): Promise<Country[]> {
  const rows = await db.query<CountryRow>(
    'SELECT id, isoalpha2, isoalpha3, has_states, need_zip_code, zip_code_format FROM country WHERE visible = 1 ORDER BY id',
    [],
    'the countries',
  );
  const i18n = await loadI18n(
    db,
    'country_i18n',
    rows.map((r) => Number(r.id)),
    langs,
    ['title'],
  );
  const stateRows = await db.query<{ id: number; isocode: string | null; country_id: number }>(
    'SELECT s.id, s.isocode, s.country_id FROM state s JOIN country c ON c.id = s.country_id WHERE s.visible = 1 AND c.visible = 1 AND c.has_states = 1 ORDER BY s.country_id, s.id',
    [],
    'the states',
  );
  const stateI18n = await loadI18n(
    db,
    'state_i18n',
    stateRows.map((r) => Number(r.id)),
    langs,
    ['title'],
  );
  const countries: Country[] = [];
  const seen2 = new Map<string, number>();
  for (const row of rows) {
    const a2 = (row.isoalpha2 ?? '').trim().toUpperCase();
    const a3 = (row.isoalpha3 ?? '').trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(a2) || !/^[A-Z]{3}$/.test(a3)) {
      report.warn('country', `country ${row.id} has no valid ISO codes ("${row.isoalpha2}", "${row.isoalpha3}"): left out`);
      continue;
    }
    if (seen2.has(a2)) report.warn('country', `countries ${seen2.get(a2)} and ${row.id} share the alpha-2 code ${a2} (a Thelia 2.5 seed error); key on ids`);
    seen2.set(a2, Number(row.id));
    countries.push({
      id: Number(row.id),
      isoalpha2: a2,
      isoalpha3: a3,
      title: localizeString(i18n.get(Number(row.id)), langs),
      needZipCode: Number(row.need_zip_code ?? 1) === 1,
      zipCodeFormat: row.zip_code_format?.trim() || null,
      states: stateRows
        .filter((s) => Number(s.country_id) === Number(row.id))
        .map((s) => ({ id: Number(s.id), isocode: s.isocode ?? '', title: localizeString(stateI18n.get(Number(s.id)), langs) })),
    });
  }
  return countries;
}
