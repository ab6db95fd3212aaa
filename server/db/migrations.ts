/**
 * The database schema as ordered migrations. `PRAGMA user_version` holds how many have run;
 * `migrate` applies the missing ones, each in its own transaction. Never edit a published
 * migration: add a new one.
 */
import type { DatabaseSync } from 'node:sqlite';

export const MIGRATIONS: readonly string[] = [
  // 1: catalog (replaced by each import), customers, carts, orders
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE country (
    id INTEGER PRIMARY KEY, isoalpha2 TEXT NOT NULL, titles TEXT NOT NULL,
    need_zip INTEGER NOT NULL, zip_format TEXT);
  CREATE TABLE state (
    id INTEGER PRIMARY KEY, country_id INTEGER NOT NULL, isocode TEXT NOT NULL, titles TEXT NOT NULL);
  CREATE INDEX state_country ON state(country_id);
  CREATE TABLE currency (
    id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, symbol TEXT NOT NULL, rate TEXT NOT NULL,
    is_default INTEGER NOT NULL, format TEXT NOT NULL);
  CREATE TABLE tax_rule (id INTEGER PRIMARY KEY, is_default INTEGER NOT NULL, json TEXT NOT NULL);
  CREATE TABLE fulfilment_center (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, country_id INTEGER NOT NULL, delay_days INTEGER NOT NULL);
  CREATE TABLE category (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL, visible INTEGER NOT NULL, titles TEXT NOT NULL);
  CREATE TABLE brand (id INTEGER PRIMARY KEY, titles TEXT NOT NULL);

  CREATE TABLE product (
    id INTEGER PRIMARY KEY, ref TEXT NOT NULL, brand_id INTEGER, tax_rule_id INTEGER NOT NULL,
    default_category INTEGER, categories TEXT NOT NULL, titles TEXT NOT NULL, urls TEXT NOT NULL,
    image TEXT, quantity_step INTEGER NOT NULL DEFAULT 1, freight INTEGER NOT NULL DEFAULT 0,
    undeliverable TEXT NOT NULL DEFAULT '[]', features TEXT NOT NULL DEFAULT '[]');
  CREATE TABLE product_category (product_id INTEGER NOT NULL, category_id INTEGER NOT NULL, PRIMARY KEY (product_id, category_id)) WITHOUT ROWID;
  CREATE TABLE pse (
    id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL, ref TEXT NOT NULL, is_default INTEGER NOT NULL,
    quantity INTEGER NOT NULL, weight REAL NOT NULL, promo INTEGER NOT NULL, urls TEXT NOT NULL,
    attributes TEXT NOT NULL);
  CREATE INDEX pse_product ON pse(product_id);
  CREATE TABLE pse_price (
    pse_id INTEGER NOT NULL, currency TEXT NOT NULL, price TEXT NOT NULL, promo_price TEXT NOT NULL,
    list_price TEXT, PRIMARY KEY (pse_id, currency)) WITHOUT ROWID;
  CREATE TABLE pse_stock (
    pse_id INTEGER NOT NULL, center_id INTEGER NOT NULL, quantity INTEGER NOT NULL,
    PRIMARY KEY (pse_id, center_id)) WITHOUT ROWID;

  CREATE TABLE customer (
    id INTEGER PRIMARY KEY AUTOINCREMENT, ref TEXT NOT NULL UNIQUE, email TEXT NOT NULL,
    password_hash TEXT, title INTEGER NOT NULL, firstname TEXT NOT NULL, lastname TEXT NOT NULL,
    company TEXT, vat_number TEXT, is_company INTEGER NOT NULL DEFAULT 0,
    exclude_vat INTEGER NOT NULL DEFAULT 0, express INTEGER NOT NULL DEFAULT 0,
    is_admin INTEGER NOT NULL DEFAULT 0, locale TEXT, default_address_id INTEGER,
    token_version INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL);
  -- one full account per e-mail; guests (express) may repeat
  CREATE UNIQUE INDEX customer_email_account ON customer(email) WHERE express = 0;
  CREATE INDEX customer_email ON customer(email);

  CREATE TABLE address (
    id INTEGER PRIMARY KEY AUTOINCREMENT, customer_id INTEGER NOT NULL REFERENCES customer(id),
    label TEXT NOT NULL, title INTEGER NOT NULL, firstname TEXT NOT NULL, lastname TEXT NOT NULL,
    company TEXT, address1 TEXT NOT NULL, address2 TEXT NOT NULL, address3 TEXT, zipcode TEXT NOT NULL,
    city TEXT NOT NULL, country_id INTEGER NOT NULL, state_id INTEGER, phone TEXT NOT NULL,
    cellphone TEXT);
  CREATE INDEX address_customer ON address(customer_id);

  CREATE TABLE password_reset (
    token_hash TEXT PRIMARY KEY, customer_id INTEGER NOT NULL, expires_at INTEGER NOT NULL, used INTEGER NOT NULL DEFAULT 0);

  CREATE TABLE newsletter (
    email TEXT PRIMARY KEY, firstname TEXT, lastname TEXT, locale TEXT,
    subscribed_at TEXT NOT NULL, unsubscribed_at TEXT);

  CREATE TABLE cart (
    id INTEGER PRIMARY KEY, customer_id INTEGER, country_id INTEGER NOT NULL, currency TEXT NOT NULL,
    coupon_code TEXT, delivery_module_id INTEGER, status TEXT NOT NULL DEFAULT 'open', payment_failed_at INTEGER,
    created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
  CREATE TABLE cart_item (
    id INTEGER PRIMARY KEY AUTOINCREMENT, cart_id INTEGER NOT NULL REFERENCES cart(id),
    pse_id INTEGER NOT NULL, quantity INTEGER NOT NULL CHECK (quantity > 0), UNIQUE (cart_id, pse_id));

  CREATE TABLE coupon (
    code TEXT PRIMARY KEY COLLATE NOCASE, type TEXT NOT NULL CHECK (type IN ('percent','amount')),
    amount TEXT NOT NULL, min_amount_cents INTEGER NOT NULL DEFAULT 0, expires_at TEXT,
    active INTEGER NOT NULL DEFAULT 1, per_customer_once INTEGER NOT NULL DEFAULT 1);
  CREATE TABLE coupon_usage (
    code TEXT NOT NULL COLLATE NOCASE, customer_id INTEGER NOT NULL, order_id INTEGER NOT NULL,
    PRIMARY KEY (code, customer_id));

  CREATE TABLE delivery_module (
    id INTEGER PRIMARY KEY, code TEXT NOT NULL, title TEXT NOT NULL, position INTEGER NOT NULL,
    kind TEXT NOT NULL, active INTEGER NOT NULL DEFAULT 1);
  -- postage (net, decimal) per module and country up to a weight (kg)
  CREATE TABLE postage (
    module_id INTEGER NOT NULL, country_id INTEGER NOT NULL, max_weight REAL NOT NULL, price TEXT NOT NULL,
    PRIMARY KEY (module_id, country_id, max_weight)) WITHOUT ROWID;
  CREATE TABLE payment_module (
    id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, title TEXT NOT NULL, position INTEGER NOT NULL,
    active INTEGER NOT NULL DEFAULT 1);

  CREATE TABLE orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT, ref TEXT UNIQUE, customer_id INTEGER NOT NULL,
    cart_id INTEGER NOT NULL, status TEXT NOT NULL, payment_module_id INTEGER NOT NULL,
    delivery_module_id INTEGER NOT NULL, local_pickup INTEGER NOT NULL DEFAULT 0,
    invoice_address TEXT NOT NULL, delivery_address TEXT NOT NULL,
    country_id INTEGER NOT NULL, currency TEXT NOT NULL, locale TEXT, vat_excluded INTEGER NOT NULL,
    goods_cents INTEGER NOT NULL, goods_net_cents INTEGER NOT NULL, vat_cents INTEGER NOT NULL,
    postage_cents INTEGER NOT NULL, postage_net_cents INTEGER NOT NULL, discount_cents INTEGER NOT NULL,
    total_cents INTEGER NOT NULL, coupon_code TEXT, message TEXT, tracking_number TEXT,
    payment_token TEXT UNIQUE, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
  -- a cart makes at most one live order; failed and canceled ones do not count
  CREATE UNIQUE INDEX orders_one_live_per_cart ON orders(cart_id) WHERE status NOT IN ('payment_error', 'canceled');
  CREATE INDEX orders_customer ON orders(customer_id);
  CREATE TABLE order_product (
    id INTEGER PRIMARY KEY AUTOINCREMENT, order_id INTEGER NOT NULL REFERENCES orders(id),
    product_id INTEGER NOT NULL, pse_id INTEGER NOT NULL, ref TEXT NOT NULL, title TEXT NOT NULL,
    quantity INTEGER NOT NULL, unit_net_cents INTEGER NOT NULL, unit_cents INTEGER NOT NULL,
    vat_percent REAL NOT NULL, total_cents INTEGER NOT NULL,
    -- stock taken per fulfilment centre, JSON [[centerId, quantity]], to give it back on failure
    allocation TEXT NOT NULL DEFAULT '[]');
  CREATE INDEX order_product_order ON order_product(order_id);

  CREATE TABLE comment (
    id INTEGER PRIMARY KEY AUTOINCREMENT, customer_id INTEGER NOT NULL, product_id INTEGER NOT NULL,
    pse_id INTEGER NOT NULL, rating INTEGER NOT NULL, title TEXT NOT NULL, content TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending', created_at TEXT NOT NULL, UNIQUE (customer_id, pse_id));
  CREATE INDEX comment_product ON comment(product_id, status);
  `,
  // 2: reference data the export does not carry: delivery and payment modules, postage, demo coupons
  `
  INSERT INTO delivery_module (id, code, title, position, kind) VALUES
    (77, 'Standard', 'Paketversand', 1, 'parcel'),
    (78, 'Express', 'Expressversand', 2, 'express'),
    (79, 'Spedition', 'Speditionsversand', 3, 'freight'),
    (80, 'LocalPickup', 'Abholung', 4, 'pickup');
  INSERT INTO postage (module_id, country_id, max_weight, price) VALUES
    (77, 5, 5, '4.12'), (77, 5, 31.5, '6.71'),
    (77, 13, 5, '4.92'), (77, 13, 31.5, '8.25'),
    (77, 146, 5, '16.53'), (77, 146, 31.5, '24.79'),
    (78, 5, 31.5, '12.56'), (78, 13, 31.5, '16.58'), (78, 146, 31.5, '41.32'),
    (79, 5, 1000, '75.63'), (79, 13, 1000, '74.17'), (79, 146, 1000, '123.97'),
    (80, 5, 1000, '0'), (80, 13, 1000, '0');
  INSERT INTO payment_module (id, code, title, position) VALUES
    (1, 'PayPal', 'PayPal', 1), (2, 'GlobalPayments', 'Kreditkarte', 2), (3, 'Sofort', 'Sofortüberweisung', 3),
    (4, 'StripePayment', 'Stripe', 4), (5, 'Nachnahme', 'Nachnahme', 5), (6, 'Vorkasse', 'Vorkasse', 6),
    (7, 'Klarna', 'Klarna', 7);
  INSERT INTO coupon (code, type, amount, min_amount_cents, expires_at, per_customer_once) VALUES
    ('WELCOME10', 'percent', '10', 2000, NULL, 1),
    ('MINUS5', 'amount', '5', 3000, NULL, 1),
    ('EXPIRED', 'percent', '50', 0, '2000-01-01T00:00:00Z', 1);
  `,
  // 3: login throttling: one row per login attempt that has not (yet) succeeded, per e-mail
  `
  CREATE TABLE login_failure (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT NOT NULL, at INTEGER NOT NULL);
  CREATE INDEX login_failure_email ON login_failure(email, at);
  CREATE INDEX login_failure_at ON login_failure(at);
  `,
  // 4: operator API: when an order was paid and shipped, when a comment was moderated, and a log of
  // every operator action (written in the action's transaction)
  `
  ALTER TABLE orders ADD COLUMN paid_at TEXT;
  ALTER TABLE orders ADD COLUMN shipped_at TEXT;
  ALTER TABLE comment ADD COLUMN moderated_at TEXT;
  CREATE TABLE operator_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, action TEXT NOT NULL, target TEXT NOT NULL, detail TEXT);
  `,
  // 5: once-per-customer coupons are counted per e-mail address (guests are a new customer each
  // time); login_failure rows are keyed 'account:<e-mail>' or 'client:<address>' from now on
  `
  ALTER TABLE coupon_usage ADD COLUMN email TEXT;
  UPDATE coupon_usage SET email = (SELECT lower(trim(c.email)) FROM customer c WHERE c.id = coupon_usage.customer_id);
  CREATE INDEX coupon_usage_email ON coupon_usage(code, email);
  DELETE FROM login_failure;
  `,
  // 6: the width of a product's image, for its thumbnail in the cart (server/services/thumbnails.ts);
  // the export is imported again at the next start to fill it in
  `
  ALTER TABLE product ADD COLUMN image_width INTEGER;
  DELETE FROM meta WHERE key = 'export_fingerprint';
  `,
];

export function migrate(db: DatabaseSync): number {
  const current = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  for (let i = current; i < MIGRATIONS.length; i++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(MIGRATIONS[i]!);
      db.exec(`PRAGMA user_version = ${i + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  return MIGRATIONS.length;
}
