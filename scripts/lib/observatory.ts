/**
 * Grades a page's response the way the Mozilla HTTP Observatory does (its scoring algorithm of
 * github.com/mdn/mdn-http-observatory, src/scanner and src/analyzer/tests, re-implemented here for
 * the tests it runs on one response): start at 100, add each test's modifier; bonuses count only
 * when the score without them is at least 90; the grade is that of the score rounded down to a
 * multiple of 5 (100 and above: A+).
 *
 * Tests: Content-Security-Policy, cookies, HSTS, X-Frame-Options (or CSP frame-ancestors),
 * Referrer-Policy, X-Content-Type-Options, Cross-Origin-Opener/Resource/Embedder-Policy, CORS and
 * Subresource Integrity (from the page's HTML). Not graded here: the HTTP -> HTTPS redirection
 * (Netlify answers http:// with a 301 to https:// itself) and the HSTS preload list (0 either way).
 */

export interface Finding {
  test: string;
  result: string;
  modifier: number;
}

export interface Grade {
  score: number;
  grade: string;
  findings: Finding[];
}

type Headers = Record<string, string | string[] | undefined>;

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

const all = (h: Headers, name: string): string[] => {
  const v = h[name.toLowerCase()];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

const BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const HASH_OR_NONCE = /^'(sha256-|sha384-|sha512-|nonce-)/;

/** Directive -> sources of the policies (comma-separated policies; later duplicates ignored, as browsers do). */
export function parseCsp(values: string[]): Map<string, Set<string>> {
  const csp = new Map<string, Set<string>>();
  for (const policy of values.flatMap((v) => v.split(','))) {
    for (const part of policy.split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (!name) continue;
      const key = name.toLowerCase();
      if (!csp.has(key)) csp.set(key, new Set(sources.map((s) => (/^'[a-z-]+'$/i.test(s) ? s.toLowerCase() : s))));
    }
  }
  return csp;
}

function cspTest(h: Headers, https: boolean): { finding: Finding; csp: Map<string, Set<string>> } {
  const values = all(h, 'content-security-policy');
  const csp = parseCsp(values);
  const finding = (result: string, modifier: number) => ({ finding: { test: 'content-security-policy', result, modifier }, csp });
  if (csp.size === 0) return finding('csp-not-implemented', -25);
  const pick = (d: string) => new Set(csp.get(d) ?? csp.get('default-src') ?? ['*']);
  const script = pick('script-src');
  const style = pick('style-src');
  const object = pick('object-src');
  for (const list of [script, style]) if ([...list].some((s) => HASH_OR_NONCE.test(s))) list.delete("'unsafe-inline'");
  if (script.has("'strict-dynamic'")) {
    if (![...script].some((s) => HASH_OR_NONCE.test(s))) return finding('csp-header-invalid', -25);
    for (const s of [...script]) if ([...BROAD].some((b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'") script.delete(s);
  }
  const active = [...csp]
    .filter(([d]) => d !== 'img-src' && d !== 'media-src' && d !== 'script-src')
    .flatMap(([, s]) => [...s])
    .concat([...script]);
  const passive = ['img-src', 'media-src'].flatMap((d) => [...(csp.get(d) ?? csp.get('default-src') ?? [])]);
  const insecure = (s: string) => s.startsWith('http:') || s.startsWith('ftp:');
  if ([...script].some((s) => BROAD.has(s) || UNSAFE_INLINE.has(s)) || [...object].some((s) => BROAD.has(s))) return finding('csp-implemented-with-unsafe-inline', -20);
  if (https && active.some(insecure)) return finding('csp-implemented-with-insecure-scheme', -20);
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) return finding('csp-implemented-with-unsafe-eval', -10);
  if (https && passive.some(insecure)) return finding('csp-implemented-with-insecure-scheme-in-passive-content-only', -10);
  if ([...style].some((s) => BROAD.has(s) || UNSAFE_INLINE.has(s))) return finding('csp-implemented-with-unsafe-inline-in-style-src-only', 0);
  const def = csp.get('default-src');
  if (def?.size === 1 && def.has("'none'")) return finding('csp-implemented-with-no-unsafe-default-src-none', 10);
  return finding('csp-implemented-with-no-unsafe', 5);
}

function cookiesTest(h: Headers, hsts: boolean): Finding {
  const cookies = all(h, 'set-cookie');
  const f = (result: string, modifier: number) => ({ test: 'cookies', result, modifier });
  if (cookies.length === 0) return f('cookies-not-found', 0);
  let worst = f('cookies-secure-with-httponly-sessions-and-samesite', 5);
  const worse = (x: Finding) => (x.modifier < worst.modifier ? (worst = x) : worst);
  for (const c of cookies) {
    const [pair = '', ...attrs] = c.split(';').map((s) => s.trim());
    const name = pair.split('=')[0]!.toLowerCase();
    const has = (a: string) => attrs.some((x) => x.toLowerCase().startsWith(a));
    const session = /sess|login|token|auth/.test(name);
    const samesite = attrs
      .find((x) => x.toLowerCase().startsWith('samesite='))
      ?.split('=')[1]
      ?.toLowerCase();
    if (samesite && !['strict', 'lax', 'none'].includes(samesite)) worse(f('cookies-samesite-flag-invalid', -20));
    if (!has('secure'))
      worse(
        session
          ? hsts
            ? f('cookies-session-without-secure-flag-but-protected-by-hsts', -10)
            : f('cookies-session-without-secure-flag', -40)
          : hsts
            ? f('cookies-without-secure-flag-but-protected-by-hsts', -5)
            : f('cookies-without-secure-flag', -20),
      );
    if (session && !has('httponly')) worse(f('cookies-session-without-httponly-flag', -30));
    if (!samesite && worst.modifier > 0) worst = f('cookies-secure-with-httponly-sessions', 0);
  }
  return worst;
}

function hstsTest(h: Headers, https: boolean): { finding: Finding; ok: boolean } {
  const value = all(h, 'strict-transport-security')[0];
  const f = (result: string, modifier: number, ok = false) => ({ finding: { test: 'strict-transport-security', result, modifier }, ok });
  if (!https) return f('hsts-not-implemented-no-https', -20);
  if (!value) return f('hsts-not-implemented', -20);
  const age = /max-age\s*=\s*"?(\d+)"?/i.exec(value)?.[1];
  if (age === undefined) return f('hsts-header-invalid', -20);
  return Number(age) >= 15_768_000 ? f('hsts-implemented-max-age-at-least-six-months', 0, true) : f('hsts-implemented-max-age-less-than-six-months', -10, true);
}

function referrerTest(h: Headers): Finding {
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const values = all(h, 'referrer-policy')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase());
  const f = (result: string, modifier: number) => ({ test: 'referrer-policy', result, modifier });
  if (values.length === 0) return f('referrer-policy-not-implemented', 0);
  const policy = values.filter((v) => good.includes(v) || bad.includes(v)).at(-1);
  if (policy && good.includes(policy)) return f('referrer-policy-private', 5);
  if (policy) return f('referrer-policy-unsafe', -5);
  return f('referrer-policy-header-invalid', -5);
}

function contentTypeTest(h: Headers): Finding {
  const v = all(h, 'x-content-type-options')[0];
  const f = (result: string, modifier: number) => ({ test: 'x-content-type-options', result, modifier });
  if (!v) return f('x-content-type-options-not-implemented', -5);
  return v.trim().toLowerCase() === 'nosniff' ? f('x-content-type-options-nosniff', 0) : f('x-content-type-options-header-invalid', -5);
}

function framingTest(h: Headers, csp: Map<string, Set<string>>): Finding {
  const f = (result: string, modifier: number) => ({ test: 'x-frame-options', result, modifier });
  if (csp.has('frame-ancestors')) return f('x-frame-options-implemented-via-csp', 5);
  const v = all(h, 'x-frame-options')[0]?.trim().toLowerCase();
  if (!v) return f('x-frame-options-not-implemented', -20);
  if (v === 'deny' || v === 'sameorigin') return f('x-frame-options-sameorigin-or-deny', 5);
  return v.startsWith('allow-from') ? f('x-frame-options-allow-from-origin', 0) : f('x-frame-options-header-invalid', -20);
}

function crossOriginTests(h: Headers): Finding[] {
  const one = (name: string, scores: Record<string, [string, number]>, none: string): Finding => {
    const values = all(h, name);
    if (values.length === 0) return { test: name, result: none, modifier: 0 };
    const v = values.length > 1 ? '' : values[0]!.split(';')[0]!.trim().toLowerCase();
    const [result, modifier] = scores[v] ?? [`${name}-header-invalid`, -5];
    return { test: name, result, modifier };
  };
  return [
    one(
      'cross-origin-opener-policy',
      {
        'same-origin': ['coop-implemented-with-same-origin', 10],
        'same-origin-allow-popups': ['coop-implemented-with-same-origin-allow-popups', 10],
        'noopener-allow-popups': ['coop-implemented-with-noopener-allow-popups', 10],
        'unsafe-none': ['coop-implemented-with-unsafe-none', 0],
      },
      'coop-not-implemented',
    ),
    one(
      'cross-origin-embedder-policy',
      {
        'require-corp': ['coep-implemented-with-require-corp', 10],
        credentialless: ['coep-implemented-with-credentialless', 10],
        'unsafe-none': ['coep-implemented-with-unsafe-none', 0],
      },
      'coep-not-implemented',
    ),
    one(
      'cross-origin-resource-policy',
      { 'same-origin': ['corp-implemented-with-same-origin', 10], 'same-site': ['corp-implemented-with-same-site', 10], 'cross-origin': ['corp-implemented-with-cross-origin', 0] },
      'corp-not-implemented',
    ),
  ];
}

function corsTest(h: Headers): Finding {
  const v = all(h, 'access-control-allow-origin')[0]?.trim();
  if (!v) return { test: 'cors', result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 };
  return {
    test: 'cors',
    result: v === '*' ? 'cross-origin-resource-sharing-implemented-with-public-access' : 'cross-origin-resource-sharing-implemented-with-restricted-access',
    modifier: 0,
  };
}

function sriTest(html: string | undefined, origin: string): Finding {
  const f = (result: string, modifier: number) => ({ test: 'subresource-integrity', result, modifier });
  if (html === undefined) return f('sri-not-implemented-response-not-html', 0);
  const scripts = [...html.matchAll(/<script\b([^>]*)\bsrc\s*=\s*["']?([^"'\s>]+)([^>]*)>/gi)].map((m) => ({ src: m[2]!, attrs: m[1]! + m[3]! }));
  if (scripts.length === 0) return f('sri-not-implemented-but-no-scripts-loaded', 0);
  const external = scripts.filter((s) => /^(https?:)?\/\//i.test(s.src) && new URL(s.src, origin).origin !== origin);
  if (external.length === 0) return f('sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0);
  const secure = external.every((s) => new URL(s.src, origin).protocol === 'https:');
  const withSri = external.every((s) => /\bintegrity\s*=/.test(s.attrs));
  if (withSri) return secure ? f('sri-implemented-and-external-scripts-loaded-securely', 5) : f('sri-implemented-but-external-scripts-not-loaded-securely', -20);
  return secure ? f('sri-not-implemented-but-external-scripts-loaded-securely', -5) : f('sri-not-implemented-and-external-scripts-not-loaded-securely', -50);
}

/** The Observatory's grade of one response, as if served at `url` (give the https production URL). */
export function gradeResponse(o: { url: string; headers: Headers; html?: string }): Grade {
  const url = new URL(o.url);
  const https = url.protocol === 'https:';
  const h: Headers = Object.fromEntries(Object.entries(o.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const { finding: csp, csp: policy } = cspTest(h, https);
  const hsts = hstsTest(h, https);
  const findings = [
    csp,
    cookiesTest(h, hsts.ok),
    hsts.finding,
    referrerTest(h),
    contentTypeTest(h),
    framingTest(h, policy),
    ...crossOriginTests(h),
    corsTest(h),
    sriTest(o.html, url.origin),
  ];
  const penalties = 100 + findings.filter((f) => f.modifier < 0).reduce((s, f) => s + f.modifier, 0);
  const withBonus = 100 + findings.reduce((s, f) => s + f.modifier, 0);
  const score = Math.max(0, penalties >= 90 ? withBonus : penalties);
  const key = Math.min(score - (score % 5), 100);
  return { score, grade: GRADES.find(([min]) => key >= min)![1], findings };
}
