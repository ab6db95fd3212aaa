/** Sales bar dismissal, remembered in local storage (spec §4). */
import { persistentAtom } from '@nanostores/persistent';

export const SALESBAR_KEY = 'salesbar_dismissed';
export const salesBarDismissed = persistentAtom<string>(SALESBAR_KEY, '');
