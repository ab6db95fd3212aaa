/** The Observatory-style grader (scripts/lib/observatory.ts) grades weak headers down, as the Observatory does. */
import { expect, test } from 'vitest';
import { gradeResponse } from '../../../scripts/lib/observatory.ts';

const strong = {
  'content-security-policy':
    "default-src 'none'; script-src 'self' 'sha256-AAAA'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
const url = 'https://shop.example/';

test('strong headers: A+ (default-src none +10, framing via CSP +5, private referrer +5)', () => {
  const g = gradeResponse({ url, headers: strong, html: '' });
  expect(g).toMatchObject({ grade: 'A+', score: 120 });
});

test('no headers at all: D, 30 (CSP -25, HSTS -20, framing -20, nosniff -5; the HTTP redirect is not graded here)', () => {
  expect(gradeResponse({ url, headers: {} })).toMatchObject({ grade: 'D', score: 30 });
});

test("'unsafe-inline' in script-src costs 20 and the bonuses: B", () => {
  const g = gradeResponse({ url, headers: { ...strong, 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'" } });
  expect(g.findings.find((f) => f.test === 'content-security-policy')).toMatchObject({ result: 'csp-implemented-with-unsafe-inline', modifier: -20 });
  expect(g).toMatchObject({ score: 80, grade: 'B+' });
});

test("a hash next to 'unsafe-inline' neutralises it (CSP level 2 browsers ignore it); 'unsafe-inline' styles only: no bonus", () => {
  const hashed = gradeResponse({
    url,
    headers: { ...strong, 'content-security-policy': "default-src 'none'; script-src 'self' 'unsafe-inline' 'sha256-AAAA'; frame-ancestors 'none'" },
  });
  expect(hashed.findings[0]!.result).toBe('csp-implemented-with-no-unsafe-default-src-none');
  const styles = gradeResponse({
    url,
    headers: { ...strong, 'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'" },
  });
  expect(styles.findings[0]).toMatchObject({ result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 });
});

test('short HSTS, missing nosniff, leaky referrer, insecure cookies and external scripts without SRI all cost points', () => {
  const g = gradeResponse({
    url,
    headers: { ...strong, 'strict-transport-security': 'max-age=300', 'x-content-type-options': undefined, 'referrer-policy': 'unsafe-url', 'set-cookie': ['session=1; Path=/'] },
    html: '<script src="https://cdn.example.com/lib.js"></script>',
  });
  const byTest = Object.fromEntries(g.findings.map((f) => [f.test, f.result]));
  expect(byTest).toMatchObject({
    'strict-transport-security': 'hsts-implemented-max-age-less-than-six-months',
    'x-content-type-options': 'x-content-type-options-not-implemented',
    'referrer-policy': 'referrer-policy-unsafe',
    cookies: 'cookies-session-without-httponly-flag',
    'subresource-integrity': 'sri-not-implemented-but-external-scripts-loaded-securely',
  });
  expect(g.score).toBeLessThan(50);
});

test('without frame-ancestors, X-Frame-Options DENY still counts; without both, -20', () => {
  const csp = "default-src 'none'; script-src 'self'";
  expect(gradeResponse({ url, headers: { ...strong, 'content-security-policy': csp } }).findings.find((f) => f.test === 'x-frame-options')!.result).toBe(
    'x-frame-options-sameorigin-or-deny',
  );
  expect(
    gradeResponse({ url, headers: { ...strong, 'content-security-policy': csp, 'x-frame-options': undefined } }).findings.find((f) => f.test === 'x-frame-options')!.modifier,
  ).toBe(-20);
});
