/**
 * The build's middleware: product and variant pages are written from their product's template
 * (decision 0013, components/catalog/product-templates.ts). It holds no rule of its own: Astro's
 * incremental build does not hash this file, the product route hashes the module it calls.
 */
import { defineMiddleware } from 'astro:middleware';
import { productPage } from './components/catalog/product-templates.ts';

export const onRequest = defineMiddleware((context, next) => productPage(context.url.pathname, () => next()));
