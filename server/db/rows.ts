/** Row shapes of the tables that more than one layer reads (services and the middleware). */

/** A row of `customer`. `locale` is the shop locale the customer registered with (de_DE, de_AT, ro_RO). */
export interface CustomerRow {
  id: number;
  ref: string;
  email: string;
  password_hash: string | null;
  title: number;
  firstname: string;
  lastname: string;
  company: string | null;
  vat_number: string | null;
  is_company: number;
  exclude_vat: number;
  express: number;
  is_admin: number;
  locale: string | null;
  default_address_id: number | null;
  token_version: number;
  created_at: string;
}
