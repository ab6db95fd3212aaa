/**
 * zod in the browser runs without its JIT: zod 4 compiles object parsers with `new Function`,
 * and only probing whether that is allowed already counts as a violation of the shops'
 * Content-Security-Policy (no 'unsafe-eval'; src/integrations/site-rules.ts). The setting has to
 * come before the first schema is made, so every module that makes browser schemas imports this
 * one first (the contract's common.ts, the product page's fresh-rules.ts). The server keeps the JIT.
 */
import { config } from 'zod/mini';

if (typeof document !== 'undefined') config({ jitless: true });
