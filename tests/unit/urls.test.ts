import { describe, expect, it } from 'vitest';
import { collapseRedirects, routeParamOf } from '../../src/catalog/urls.ts';

const live = new Set(['/c.html', '/d.html']);
const isLive = (u: string) => live.has(u);

describe('redirect rules', () => {
  it('collapse a chain A -> B -> C to the final URL', () => {
    const { rules, faults } = collapseRedirects(
      [
        { url: '/a.html', to: '/b.html' },
        { url: '/b.html', to: '/c.html' },
      ],
      isLive,
    );
    expect(Object.fromEntries(rules)).toEqual({ '/a.html': '/c.html', '/b.html': '/c.html' });
    expect(faults).toEqual([]);
  });
  it('drop and report a loop', () => {
    const { rules, faults } = collapseRedirects(
      [
        { url: '/x.html', to: '/y.html' },
        { url: '/y.html', to: '/x.html' },
      ],
      isLive,
    );
    expect(rules.size).toBe(0);
    expect(faults[0]!.reason).toMatch(/loops/);
  });
  it('drop and report a rule that leads nowhere', () => {
    const { faults } = collapseRedirects([{ url: '/x.html', to: '/gone.html', line: 7 }], isLive);
    expect(faults[0]).toMatchObject({ line: 7, field: 'to', reason: 'leads to "/gone.html", which no page has' });
  });
  it('never hide a live page behind a redirect', () => {
    const { rules, faults } = collapseRedirects([{ url: '/d.html', to: '/c.html' }], isLive);
    expect(rules.size).toBe(0);
    expect(faults[0]!.reason).toMatch(/current URL of a page/);
  });
  it('map slugs to route parameters', () => {
    expect(routeParamOf('akku-bohrer.html')).toBe('akku-bohrer');
    expect(routeParamOf('blog/neu')).toBe('blog/neu');
  });
});
