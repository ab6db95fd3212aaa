/**
 * The `storefront:same-island` renderer (src/integrations/same-island-server.ts): a header island
 * renders once per build and props, with React ids of its own, and the islands are tagged with the
 * renderer that renders them (islands/renderer-tag.ts).
 */
import { createElement, useId } from 'react';
import { describe, expect, it } from 'vitest';
import { renderSameIsland } from '../../../src/integrations/same-island-server.ts';
import { REACT_RENDERER, SAME_ISLAND_RENDERER } from '../../../src/islands/renderer-tag.ts';
import AccountMenu from '../../../src/islands/AccountMenu.tsx';
import PhoneBox from '../../../src/islands/PhoneBox.tsx';
import MiniCart from '../../../src/islands/cart/MiniCart.tsx';
import SearchBox from '../../../src/islands/search/SearchBox.tsx';
import CartPage from '../../../src/islands/cart/CartPage.tsx';

const tag = (component: object) => (component as Record<symbol, unknown>)[Symbol.for('astro:renderer')];

/** Renders of each test island (the renderer's cache lives as long as the build: each test uses labels of its own). */
const renders = { a: 0, b: 0 };
const labelled =
  (which: 'a' | 'b') =>
  ({ label }: { label: string }) => {
    renders[which]++;
    const id = useId();
    return createElement('label', { htmlFor: id }, label, createElement('input', { id }));
  };
const IslandA = labelled('a');
const IslandB = labelled('b');
const Hinted = () => createElement('div', null, createElement('link', { rel: 'preload', href: '/a.webp', as: 'image' }), 'x');

describe('renderSameIsland', () => {
  it('renders an island once for the same props and gives the same HTML on every later page', () => {
    const before = renders.a;
    const first = renderSameIsland(IslandA, { label: 'Suche' }, {});
    for (let page = 0; page < 5; page++) expect(renderSameIsland(IslandA, { label: 'Suche' }, {})).toEqual(first);
    expect(renders.a - before).toBe(1);
    expect(first.html).toMatch(/^<label for="(_s\d+R_[^"]*)">Suche<input id="\1"\/><\/label>$/);
  });

  it('renders again for other props (a class is not a prop the island sees)', () => {
    const before = renders.a;
    const de = renderSameIsland(IslandA, { label: 'Warenkorb' }, {});
    const ro = renderSameIsland(IslandA, { label: 'Coș' }, {});
    expect(renders.a - before).toBe(2);
    expect(ro.html).toContain('Coș');
    expect(renderSameIsland(IslandA, { label: 'Warenkorb', class: 'x' }, {})).toEqual(de);
    expect(renders.a - before).toBe(2);
  });

  it('gives each island a useId prefix of its own ("s…"), never a page\'s running "r0", "r1"', () => {
    const first = renderSameIsland(IslandA, { label: 'a' }, {});
    const second = renderSameIsland(IslandB, { label: 'b' }, {});
    expect(first.attrs.prefix).toMatch(/^s\d+$/);
    expect(second.attrs.prefix).toMatch(/^s\d+$/);
    expect(second.attrs.prefix).not.toBe(first.attrs.prefix);
    // React writes the prefix into every id; the client's hydrateRoot takes it from the island's `prefix`.
    expect(first.html).toContain(`id="_${first.attrs.prefix}R_`);
    expect(second.html).toContain(`id="_${second.attrs.prefix}R_`);
  });

  it("drops React's resource hints, as @astrojs/react does (they would land inside the island)", () => {
    expect(renderSameIsland(Hinted, {}, {}).html).toBe('<div>x</div>');
  });

  it('refuses children or slots: they could differ from page to page', () => {
    expect(() => renderSameIsland(IslandB, { label: 'c' }, { default: '<b>x</b>' })).toThrow(/no children or slots/);
    expect(renderSameIsland(IslandB, { label: 'c' }, { default: undefined }).html).toContain('>c<');
  });
});

describe('renderer tags', () => {
  it('the header islands (the same on every page) render once per build; the page islands on each page', () => {
    for (const island of [AccountMenu, PhoneBox, MiniCart, SearchBox]) expect(tag(island)).toBe(SAME_ISLAND_RENDERER);
    expect(tag(CartPage)).toBe(REACT_RENDERER);
  });
});
