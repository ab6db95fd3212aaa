/**
 * The chrome's HTML fragments built once per shop under /chrome/ (the category menu's tree, the
 * admin bar's links): fetched, parsed, and the element `selector` names imported into this
 * document. Rejects on a failed request, an error answer or an answer without that element.
 */
export async function fetchFragment(url: string, selector: string): Promise<Element> {
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const parsed = new DOMParser().parseFromString(await res.text(), 'text/html').querySelector(selector);
  if (!parsed) throw new Error(`no ${selector} in the answer`);
  return document.importNode(parsed, true);
}
