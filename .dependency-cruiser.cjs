/**
 * The layer rules of docs/architecture.md ("Layers"), checked by `npm test` (scripts/test.ts runs
 * `depcruise --config .dependency-cruiser.cjs src server`). Each rule names the direction it
 * forbids; a wrong import fails the test run with the rule's name and comment.
 *
 * Browser: pages/layouts -> views -> components -> islands -> stores -> api (client) ->
 *          api/contract and catalog (pure rules). i18n (messages) and shops (configuration) are
 *          read by every layer that renders text; the browser layers take only messages.
 * Server:  app/main/context -> routes -> services -> db and lib; middleware sits beside the
 *          routes (routes use it, services do not).
 */
const BROWSER_UP = {
  stores: '^src/(islands|components|views|pages|layouts)/',
  api: '^src/(stores|islands|components|views|pages|layouts)/',
  pure: '^src/(api/client\\.ts|api/token\\.ts|stores|islands|components|views|pages|layouts|integrations)(/|$)',
};

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other (directly or around a loop): split the shared part out, one layer down.',
      from: { path: '^(src|server)/' },
      to: { circular: true },
    },
    {
      name: 'browser-not-server',
      severity: 'error',
      comment: 'Browser and build code (src/) never imports the shop API (server/): share through src/api/contract or src/catalog.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'islands-not-up',
      severity: 'error',
      comment: 'Islands sit below pages, views and components: they must not import them.',
      from: { path: '^src/islands/' },
      to: { path: '^src/(components|views|pages|layouts)/' },
    },
    {
      name: 'components-not-up',
      severity: 'error',
      comment: 'Components sit below views and pages.',
      from: { path: '^src/components/' },
      to: { path: '^src/(views|pages)/' },
    },
    {
      name: 'stores-not-up',
      severity: 'error',
      comment: 'Stores sit below the islands: announce through a store (e.g. stores/notice.ts) instead of importing an island, and take constants from src/catalog.',
      from: { path: '^src/stores/' },
      to: { path: BROWSER_UP.stores },
    },
    {
      name: 'api-not-up',
      severity: 'error',
      comment: 'The API client sits below the stores (the stores import it): it must not import a store or anything above.',
      from: { path: '^src/api/' },
      to: { path: BROWSER_UP.api },
    },
    {
      name: 'pure-rules-stay-pure',
      severity: 'error',
      comment: 'The contract and the catalog rules are the bottom layer: they import only each other, shops configuration types, zod and node built-ins (build side).',
      from: { path: '^src/(api/contract|catalog)/' },
      to: { path: BROWSER_UP.pure },
    },
    {
      name: 'browser-no-node',
      severity: 'error',
      comment: 'Code that runs in the browser (islands, stores, the API client and contract) must not import node built-ins.',
      from: { path: '^src/(islands|stores|api)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-no-build-config',
      severity: 'error',
      comment: 'Browser code must not import the build-time shop (src/shops/current.ts opens the catalog index): islands get shop data as props or data attributes.',
      from: { path: '^src/(islands|stores|api)/' },
      to: { path: '^src/(shops/current\\.ts|integrations/)' },
    },
    {
      name: 'server-services-not-up',
      severity: 'error',
      comment: 'Services sit below the routes and the middleware: take types from services, db or the contract, never from routes/ or middleware/.',
      from: { path: '^server/services/' },
      to: { path: '^server/(routes|middleware)/|^server/(app|main)\\.ts$' },
    },
    {
      name: 'server-db-lib-bottom',
      severity: 'error',
      comment: "db/ and lib/ are the server's bottom layer: they must not import services, routes, middleware or the app.",
      from: { path: '^server/(db|lib)/' },
      to: { path: '^server/(routes|services|middleware)/|^server/(app|main|context)\\.ts$' },
    },
    {
      name: 'server-middleware-not-routes',
      severity: 'error',
      comment: 'Middleware is used by routes; it must not import a route.',
      from: { path: '^server/middleware/' },
      to: { path: '^server/routes/' },
    },
    {
      name: 'server-routes-independent',
      severity: 'error',
      comment: 'A route file must not import another route file: move the shared part into a service.',
      from: { path: '^server/routes/([^/]+)\\.ts$' },
      to: { path: '^server/routes/', pathNot: '^server/routes/$1\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/i18n/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
