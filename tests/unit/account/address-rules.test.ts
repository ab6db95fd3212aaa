import { describe, expect, it } from 'vitest';
import { addressProblems, firstProblemField, phoneProblem, zipPattern, zipProblem, ADDRESS_FIELDS, type AddressCountry } from '../../../src/api/contract/address-rules.ts';

const DE: AddressCountry = { id: 5, isoalpha2: 'DE', zipFormat: 'NNNNN', stateIds: [] };
const AT: AddressCountry = { id: 13, isoalpha2: 'AT', zipFormat: 'NNNN', stateIds: [] };
const RO: AddressCountry = { id: 146, isoalpha2: 'RO', zipFormat: 'NNNNNN', stateIds: [1001, 1002] };
const good = { label: 'Home', firstname: 'Ana', lastname: 'Pop', address1: 'Main', address2: '1', city: 'Town', phone: '+49 30 1234567' };

describe('postcode per country (spec §5)', () => {
  it.each([
    [DE, '04109', null],
    [DE, '4109', 'zipFormat'],
    [DE, '041099', 'zipFormat'],
    [DE, 'ABCDE', 'zipFormat'],
    [AT, '4600', null],
    [AT, '04600', 'zipFormat'],
    [RO, '400114', null],
    [RO, '40011', 'zipFormat'],
    [DE, '', 'required'],
    [DE, ' 04109 ', null],
  ] as const)('%s %s -> %s', (c, zip, want) => expect(zipProblem(zip, c)).toBe(want));
  it('reads Thelia formats: N digit, L letter, C the ISO code; none means no check', () => {
    expect(zipPattern('CNNNN', 'LV')!.test('LV1234')).toBe(true);
    expect(zipPattern('LNN', 'XX')!.test('A12')).toBe(true);
    expect(zipPattern(null, 'DE')).toBeNull();
    expect(zipProblem('anything', { isoalpha2: 'XX', zipFormat: null })).toBeNull();
  });
});

describe('phone (spec §5: 3-20 digits, spaces, plus; valid for the country)', () => {
  it.each([
    ['+49 30 1234567', 'DE', null],
    ['030 1234567', 'DE', null],
    ['12', 'DE', 'phoneFormat'],
    ['+49-30-123', 'DE', 'phoneFormat'],
    ['123456789012345678901', 'DE', 'phoneFormat'],
    ['+43 1 234567', 'DE', 'phoneCountry'],
    ['0049 30 123456', 'DE', null],
    ['+43 1 234567', 'AT', null],
    ['+40 264 123 456', 'RO', null],
    ['0722123456', 'RO', null],
    ['072212345', 'RO', 'phoneCountry'],
    ['', 'RO', 'required'],
  ] as const)('%s in %s -> %s', (phone, iso, want) => expect(phoneProblem(phone, iso)).toBe(want));
});

describe('an address as a whole', () => {
  it('a good German address has no problem', () => expect(addressProblems({ ...good, zipcode: '04109', country_id: 5 }, [DE])).toEqual({}));
  it('every required field is named, in form order', () => {
    const p = addressProblems({ country_id: 146 }, [RO]);
    expect(p).toEqual({
      label: 'required',
      firstname: 'required',
      lastname: 'required',
      address1: 'required',
      address2: 'required',
      zipcode: 'required',
      city: 'required',
      state_id: 'stateRequired',
      phone: 'required',
    });
    expect(firstProblemField(p, ADDRESS_FIELDS)).toBe('label');
  });
  it('names need 2 characters; a state must be one of the country; a country without states takes none', () => {
    expect(addressProblems({ ...good, firstname: 'A', zipcode: '400114', country_id: 146, state_id: 999, phone: '0722123456' }, [RO])).toEqual({
      firstname: 'minLength',
      state_id: 'stateInvalid',
    });
    expect(addressProblems({ ...good, zipcode: '04109', country_id: 5, state_id: 1001 }, [DE])).toEqual({ state_id: 'stateInvalid' });
    expect(addressProblems({ ...good, zipcode: '400114', country_id: 146, state_id: '1002', phone: '0722123456' }, [RO])).toEqual({});
  });
  it('an unknown country is a missing country; an optional mobile number is checked when given', () => {
    expect(addressProblems({ ...good, zipcode: '04109', country_id: 99 }, [DE])).toEqual({ country_id: 'required' });
    expect(addressProblems({ ...good, zipcode: '04109', country_id: 5, cellphone: '+40 722 123 456' }, [DE])).toEqual({ cellphone: 'phoneCountry' });
  });
});
