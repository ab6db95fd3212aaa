/** An address as a letter shows it (the contract's PostalAddress; the state where the address has one). */
import type * as z from 'zod/mini';
import type { PostalAddress as PostalAddressShape } from '../../api/contract/address.ts';

export function PostalAddress({ a }: { a: z.infer<typeof PostalAddressShape> & { STATE_TITLE?: string | null } }) {
  return (
    <address>
      {a.COMPANY ? (
        <>
          {a.COMPANY}
          <br />
        </>
      ) : null}
      {a.FIRSTNAME} {a.LASTNAME}
      <br />
      {a.ADDRESS1} {a.ADDRESS2}
      <br />
      {a.ADDRESS3 ? (
        <>
          {a.ADDRESS3}
          <br />
        </>
      ) : null}
      {a.ZIPCODE} {a.CITY}
      <br />
      {a.STATE_TITLE ? <>{a.STATE_TITLE}, </> : null}
      {a.COUNTRY_TITLE}
      <br />
      {a.PHONE}
    </address>
  );
}
