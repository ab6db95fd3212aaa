declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first interaction with the island; a string names custom events that also start it (src/integrations/interaction-directive.ts). */
    'client:interaction'?: boolean | string;
    /** Load once the page is parsed and painted (src/integrations/painted-directive.ts). */
    'client:painted'?: boolean;
  }
}
export {};
