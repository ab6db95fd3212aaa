/**
 * The texts of server-rendered pages (`t` in src/shops/current.ts): a message without
 * placeholders is a plain string (`{t.home}`), one with placeholders a function of them
 * (`t.products({ n })`). Islands import message functions from ./generated/messages.js instead,
 * so each ships only the strings it uses.
 */
import { m } from './generated/messages.js';
import de from '../../messages/de.json' with { type: 'json' };
import ro from '../../messages/ro.json' with { type: 'json' };
import en from '../../messages/en.json' with { type: 'json' };

type Messages = typeof m;
export type Texts = {
  // biome-ignore lint/complexity/noBannedTypes: `{} extends` the inputs tells a message without required placeholders
  [K in keyof Messages]: {} extends NonNullable<Parameters<Messages[K]>[0]> ? string : (inputs: Parameters<Messages[K]>[0]) => string;
};
export type TextLanguage = 'de' | 'ro' | 'en';

const sources: Record<TextLanguage, Record<string, string>> = { de, ro, en };

export function textsFor(language: TextLanguage): Texts {
  const out: Record<string, unknown> = {};
  for (const [key, fn] of Object.entries(m) as [string, (inputs: object, options: { locale: TextLanguage }) => string][]) {
    const source = sources[language][key] ?? sources.de[key] ?? '';
    out[key] = /\{\s*[A-Za-z_]/.test(source) ? (inputs: object) => fn(inputs, { locale: language }) : fn({}, { locale: language });
  }
  return out as Texts;
}
