/** A checkout draft a guest has filled in completely (bank transfer, delivery 77, terms accepted): the checkout unit tests' starting point. */
import { type CheckoutDraft, emptyDraft } from '../../../src/stores/checkout-rules.ts';

export const filledDraft = (over: Partial<CheckoutDraft> = {}): CheckoutDraft => ({
  ...emptyDraft(),
  email: 'gast@example.com',
  shipping: {
    title: 1,
    firstname: 'Gerda',
    lastname: 'Gast',
    company: '',
    address1: 'Unter den Linden',
    address2: '5',
    address3: '',
    zipcode: '10117',
    city: 'Berlin',
    state_id: '',
    phone: '030 123456',
  },
  deliveryId: 77,
  payment: 'Vorkasse',
  terms: true,
  ...over,
});
