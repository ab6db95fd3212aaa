/**
 * Editor HTML from Thelia is never trusted: it is sanitised once, when the catalog index is
 * built, so no page can print a script, an event handler or a javascript: link.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'blockquote',
    'hr',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'div',
    'abbr',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    // Editor headings start at h1; the page owns the only h1.
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

export function sanitizeEditorHtml(html: string): string {
  return html ? normaliseHeadings(sanitizeHtml(html, OPTIONS)) : '';
}

/**
 * Editor headings shifted so the first level is h2 (the page's h1 is the title), keeping their
 * steps: an editor who starts at h3 gets h2, h4 becomes h3. Levels never go below h6.
 */
export function normaliseHeadings(html: string): string {
  const levels = [...html.matchAll(/<h([2-6])[\s>]/g)].map((m) => Number(m[1]));
  if (!levels.length) return html;
  const shift = Math.min(...levels) - 2;
  if (shift <= 0) return html;
  return html.replace(/<(\/?)h([2-6])([\s>])/g, (_, slash: string, level: string, rest: string) => `<${slash}h${Math.max(2, Number(level) - shift)}${rest}`);
}

/** Plain text of editor HTML, for meta descriptions and JSON-LD. */
export function editorHtmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
