/**
 * Editor HTML that a sanitiser must neutralise. Put on one product, one category and one
 * content (ids in SAMPLE_FIXTURES.hostileHtml).
 */
export const HOSTILE_SNIPPETS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">Jetzt klicken / Click aici</a>',
  '<iframe src="https://evil.example/embed" width="600" height="400"></iframe>',
  '<p style="width: expression(alert(1)); background: url(javascript:alert(1))">Formatierter Text / Text formatat</p>',
] as const;

export const HOSTILE_HTML = HOSTILE_SNIPPETS.join('\n');
