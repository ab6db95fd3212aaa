/**
 * The way to the server-error page (issue 15 item 4) beside a connection failure of a page that
 * needs the shop API (cart, checkout, account): `/server-error?from=<this page>`, whose Retry clears
 * login, identifiers and storage as the spec says and comes back. Rendered only in the browser
 * (after a failed call), so `location` is there.
 */
import { serverErrorHref } from '../catalog/site-rules.ts';
import { m } from '../i18n/generated/messages.js';

export function ServerErrorLink() {
  return (
    <a href={serverErrorHref(location.pathname)} data-server-error-link>
      {m.errors_serverErrorLink()}
    </a>
  );
}
