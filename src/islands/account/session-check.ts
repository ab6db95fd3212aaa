/**
 * /account's session check, a script island (`<SessionCheck client:painted />`, decision 0012): a
 * stored token that has expired or is malformed sends the visitor on to /login-register once the
 * shell has painted, before the account's React island has loaded (a visitor with no token at all
 * has gone on from the page's head: components/account/SessionGate.astro). Until 2026-11-28 a
 * module script: its chain of imports was on the first paint's path of every logged-in visit.
 */
import { scriptIsland } from '../renderer-tag.ts';
import { sessionOrLogin } from './session-gate.ts';

export default scriptIsland(() => {
  sessionOrLogin();
});
