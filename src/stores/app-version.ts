/**
 * App version (spec §4 Version, §9 1.0.7): on a mismatch store the last path, clear local
 * storage, reload; after the reload a toast says the site was updated.
 */
import { APP_VERSION } from '../catalog/site-rules.ts';

export const VERSION_KEY = 'version';
export const LAST_LOCATION_KEY = 'lastLocation';
export const TOAST_KEY = 'showNewVersionToast';

/** Returns true when the page is being reloaded for a new version. */
export function checkVersion(local: Storage, session: Storage, path: string, reload: () => void, version = APP_VERSION): boolean {
  const stored = local.getItem(VERSION_KEY);
  if (stored === version) return false;
  if (stored === null) {
    // First visit: nothing to reset.
    local.setItem(VERSION_KEY, version);
    return false;
  }
  local.clear();
  local.setItem(VERSION_KEY, version);
  local.setItem(LAST_LOCATION_KEY, path);
  session.setItem(TOAST_KEY, '1');
  reload();
  return true;
}

/** True once after a version reload. */
export function takeToast(session: Storage): boolean {
  const show = session.getItem(TOAST_KEY) === '1';
  if (show) session.removeItem(TOAST_KEY);
  return show;
}
