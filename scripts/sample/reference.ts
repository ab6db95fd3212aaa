/**
 * Catalog-wide reference data: currencies, countries, tax rules, fulfilment centres.
 * Country ids are Thelia's own (insert.sql): Germany 5, Austria 13, Romania 146, Switzerland 168.
 * Thelia ships no Romanian states; the județe below use invented ids from 1001 up.
 */
import type { z } from 'zod';
import type { DOCUMENTS } from '../../src/catalog/export-schema.ts';

type Input<N extends keyof typeof DOCUMENTS> = z.input<(typeof DOCUMENTS)[N]['schema']>;

export const COUNTRY = { DE: 5, AT: 13, RO: 146, CH: 168 } as const;

export const CURRENCIES: Input<'currencies'> = [
  { id: 1, code: 'EUR', symbol: '€', rate: '1.000000', isDefault: true, format: '%n %s' },
  // Thelia's seed uses ids 1-5 (EUR, USD, GBP, CHF, MXN); RON takes the next one.
  { id: 6, code: 'RON', symbol: 'lei', rate: '4.970000', isDefault: false, format: '%n %s' },
];

export const RON_RATE = '4.970000';

const de = (title: string, ro: string) => ({ de_DE: title, de_AT: title, ro_RO: ro });

export const COUNTRIES: Input<'countries'> = [
  { id: COUNTRY.DE, isoalpha2: 'DE', isoalpha3: 'DEU', title: de('Deutschland', 'Germania'), needZipCode: true, zipCodeFormat: 'NNNNN', states: [] },
  { id: COUNTRY.AT, isoalpha2: 'AT', isoalpha3: 'AUT', title: de('Österreich', 'Austria'), needZipCode: true, zipCodeFormat: 'NNNN', states: [] },
  {
    id: COUNTRY.RO,
    isoalpha2: 'RO',
    isoalpha3: 'ROU',
    title: de('Rumänien', 'România'),
    needZipCode: true,
    zipCodeFormat: 'NNNNNN',
    states: [
      { id: 1001, isocode: 'B', title: de('Bukarest', 'București') },
      { id: 1002, isocode: 'CJ', title: de('Cluj', 'Cluj') },
      { id: 1003, isocode: 'TM', title: de('Temesch', 'Timiș') },
      { id: 1004, isocode: 'IS', title: de('Iași', 'Iași') },
      { id: 1005, isocode: 'BV', title: de('Kronstadt', 'Brașov') },
      { id: 1006, isocode: 'SB', title: de('Hermannstadt', 'Sibiu') },
      { id: 1007, isocode: 'CT', title: de('Konstanza', 'Constanța') },
      { id: 1008, isocode: 'BH', title: de('Bihor', 'Bihor') },
    ],
  },
  // Not in the EU: no VAT is charged on deliveries there (empty tax lists below).
  { id: COUNTRY.CH, isoalpha2: 'CH', isoalpha3: 'CHE', title: de('Schweiz', 'Elveția'), needZipCode: true, zipCodeFormat: 'NNNN', states: [] },
];

const percent = (position: number, value: string) => ({ type: 'percent' as const, position, percent: value });
const amount = (position: number, value: string) => ({ type: 'amount' as const, position, amount: value });

export const ECO_FEE = '0.500000';

export const TAX_RULES: Input<'taxRules'> = [
  {
    id: 1,
    isDefault: true,
    title: de('Regelsteuersatz', 'Cota standard de TVA'),
    countries: [
      { countryId: COUNTRY.DE, stateId: null, taxes: [percent(1, '19')] },
      { countryId: COUNTRY.AT, stateId: null, taxes: [percent(1, '20')] },
      { countryId: COUNTRY.RO, stateId: null, taxes: [percent(1, '21')] },
      { countryId: COUNTRY.CH, stateId: null, taxes: [] },
    ],
  },
  {
    id: 2,
    isDefault: false,
    title: de('Ermäßigter Steuersatz', 'Cota redusă de TVA'),
    countries: [
      { countryId: COUNTRY.DE, stateId: null, taxes: [percent(1, '7')] },
      { countryId: COUNTRY.AT, stateId: null, taxes: [percent(1, '10')] },
      { countryId: COUNTRY.RO, stateId: null, taxes: [percent(1, '9')] },
      { countryId: COUNTRY.CH, stateId: null, taxes: [] },
    ],
  },
  {
    // Thelia compounds by position: the percent of position 2 applies to price + eco fee.
    id: 3,
    isDefault: false,
    title: de('Regelsteuersatz mit Öko-Abgabe', 'TVA standard cu taxă verde'),
    countries: [
      { countryId: COUNTRY.DE, stateId: null, taxes: [amount(1, '0.50'), percent(2, '19')] },
      { countryId: COUNTRY.AT, stateId: null, taxes: [amount(1, '0.50'), percent(2, '20')] },
      { countryId: COUNTRY.RO, stateId: null, taxes: [amount(1, '0.50'), percent(2, '21')] },
      { countryId: COUNTRY.CH, stateId: null, taxes: [] },
    ],
  },
];

export const FULFILMENT_CENTERS: Input<'fulfilmentCenters'> = [
  { id: 1, name: 'Leipzig', countryId: COUNTRY.DE, delayDays: 0 },
  { id: 2, name: 'Wels', countryId: COUNTRY.AT, delayDays: 1 },
  { id: 3, name: 'Cluj-Napoca', countryId: COUNTRY.RO, delayDays: 2 },
];
