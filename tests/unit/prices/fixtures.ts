import type { TaxRule } from '../../../src/catalog/export-schema.ts';

/** DE 19 %, AT 20 %, RO 21 % (the sample's standard rule). */
export const standard: TaxRule = {
  id: 1,
  isDefault: true,
  title: {},
  countries: [
    { countryId: 5, stateId: null, taxes: [{ type: 'percent', position: 1, percent: '19' }] },
    { countryId: 13, stateId: null, taxes: [{ type: 'percent', position: 1, percent: '20' }] },
    { countryId: 146, stateId: null, taxes: [{ type: 'percent', position: 1, percent: '21' }] },
  ],
};

/** The de shop's price countries: Germany (default), Austria. */
export const DE_SHOP = { countryId: 5, countries: [{ id: 5 }, { id: 13 }] };
