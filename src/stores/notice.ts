/**
 * Short notices for the shopper (cart feedback and the like), as a store: the operations in
 * `stores/` announce, the toast island (`islands/toast.ts`) shows them. This keeps the stores
 * free of DOM code and of imports from the islands layer.
 */
import { atom } from 'nanostores';

export type NoticeKind = 'success' | 'error' | 'info';
export interface Notice {
  text: string;
  kind: NoticeKind;
  /** A counter, so the same text twice is two notices. */
  seq: number;
}

export const notice = atom<Notice | null>(null);
let seq = 0;

export function notify(text: string, kind: NoticeKind = 'info'): void {
  notice.set({ text, kind, seq: ++seq });
}
