declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first interaction with the island (src/integrations/interaction-directive.ts). */
    'client:interaction'?: boolean;
  }
}
export {};
