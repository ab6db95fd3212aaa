/** Build-time helpers of the site chrome: the page's catalog record, footer links, menu links. */
import { catalog, shop } from '../../shops/current.ts';
import type { Route } from '../../catalog/models.ts';
import { buildMenuTree, type MenuNode } from './menu-tree.ts';

let routesByPath: Map<string, Route> | undefined;

/** The catalog record a path shows (for the admin bar's edit links). */
export function routeOf(pathname: string): Route | undefined {
  routesByPath ??= new Map(catalog.routes().map((r) => [r.path, r]));
  return routesByPath.get(pathname) ?? routesByPath.get(`${pathname}.html`) ?? routesByPath.get(pathname.replace(/\.html$/, ''));
}

let menu: MenuNode[] | undefined;
export function menuTree(): MenuNode[] {
  return (menu ??= buildMenuTree(catalog.categories(), { icons: shop.categoryIcons, rootIds: shop.menuCategoryIds }));
}

export interface NavLink {
  title: string;
  href: string;
}

/** Content links (ids from the configuration) at their translated URLs, then the link entries. */
export function contentLinks(ids: number[], links: NavLink[]): NavLink[] {
  const contents = new Map(catalog.contents(ids).map((c) => [c.id, c]));
  const out: NavLink[] = [];
  for (const id of ids) {
    const c = contents.get(id);
    const href = catalog.pathOf('content', id);
    if (c && href) out.push({ title: c.title, href });
  }
  return [...out, ...links];
}

/** A spec route's page at the shop's translated slug (the content's URL), else the route itself. */
export function pageHref(route: string): string {
  const id = shop.contentPages[route];
  return (id && catalog.pathOf('content', id)) || route;
}

export const isDataProtection = (pathname: string) => {
  const p = pathname.replace(/\.html$/, '');
  return p === '/datenschutz' || p === pageHref('/datenschutz').replace(/\.html$/, '');
};
