// @ts-check
/**
 * The dependency rules of docs/ARCHITECTURE.md, checked by `pnpm lint:deps` (part of `pnpm lint`, so of
 * `pnpm test`). A rule here fails the build; a rule only written in the document does not.
 * Tests (`*.test.ts`, `*.test.tsx`) and test helpers may reach anywhere: they are not part of the layers.
 */

const NOT_TESTS = '(\\.test\\.tsx?$|/test/|/tests/|/bench/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ----- Server -------------------------------------------------------------------------------------
    {
      name: 'server-modules-meet-through-services',
      comment:
        "A module reaches another module only through that module's services (`*.service.ts`): never " +
        'its repository, routes or helpers (credentials, one-time passwords, planning …). What several ' +
        'modules share without a service lives in access/, db/ or shared. ' +
        "A repository may compose another module's `<area>.sql.ts` pieces (next rule).",
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/', pathNot: NOT_TESTS },
      to: {
        path: '^server/src/modules/[^/]+/',
        pathNot: ['^server/src/modules/$1/', '\\.service\\.ts$', '\\.sql\\.ts$'],
      },
    },
    {
      name: 'server-foreign-sql-only-in-repositories',
      comment:
        "A module's `<area>.sql.ts` (SQL pieces other modules compose into their statements) is read " +
        'only by repositories: services and routes of another module call its service.',
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/', pathNot: [NOT_TESTS, '\\.repository\\.ts$'] },
      to: { path: '^server/src/modules/[^/]+/.*\\.sql\\.ts$', pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'server-infrastructure-not-modules',
      comment:
        'plugins/, db/, access/, files/, storage/ and queue/ sit below the modules: they never import a module ' +
        '(a module registers its own hooks and job kinds; shared rules live in access/).',
      severity: 'error',
      from: { path: '^server/src/(plugins|db|access|files|storage|queue)/', pathNot: NOT_TESTS },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'server-storage-over-db',
      comment:
        'storage/ keeps the bytes of files behind one interface over db/: it knows no permissions, ' +
        'no HTTP and no queue, and db/ does not know it.',
      severity: 'error',
      from: { path: '^server/src/storage/', pathNot: NOT_TESTS },
      to: { path: '^server/src/(plugins|access|queue|files)/' },
    },
    {
      name: 'server-db-below-plugins',
      comment:
        'db/ is the lowest layer: it does not import the HTTP plugins, the access module or the queue.',
      severity: 'error',
      from: { path: '^server/src/db/', pathNot: NOT_TESTS },
      to: { path: '^server/src/(plugins|access|queue|storage)/' },
    },
    {
      name: 'server-queue-below-access',
      comment: 'queue/ is infrastructure over db/: it knows no permissions and no HTTP routes.',
      severity: 'error',
      from: { path: '^server/src/queue/', pathNot: NOT_TESTS },
      to: { path: '^server/src/access/' },
    },
    {
      name: 'server-repository-is-the-bottom-of-a-module',
      comment: 'routes → service → repository: a repository (Drizzle only) imports no service and no routes.',
      severity: 'error',
      from: { path: '^server/src/modules/.*\\.repository\\.ts$' },
      to: { path: '^server/src/modules/.*\\.(service|routes)\\.ts$' },
    },
    {
      name: 'server-service-below-routes',
      comment: 'routes → service → repository: a service never imports routes (HTTP stays in routes).',
      severity: 'error',
      from: { path: '^server/src/modules/.*\\.service\\.ts$' },
      to: { path: '^server/src/modules/.*\\.routes\\.ts$' },
    },
    {
      name: 'server-routes-skip-no-repository',
      comment: 'routes → service → repository: routes call their service, not a repository.',
      severity: 'error',
      from: { path: '^server/src/modules/.*\\.routes\\.ts$' },
      to: { path: '^server/src/modules/.*\\.repository\\.ts$' },
    },
    {
      name: 'server-app-not-tools',
      comment:
        'tools/ (the FET reader and writer, the command-line solver) serve the bench and the command line, ' +
        'not the web app: nothing else in server/src imports them.',
      severity: 'error',
      from: { path: '^server/src/', pathNot: [NOT_TESTS, '^server/src/tools/'] },
      to: { path: '^server/src/tools/' },
    },
    {
      name: 'server-tools-only-the-solver',
      comment:
        "tools/ build on the solver alone (its model, search, check, diagnosis and workers) and shared's " +
        'framework-free domain: never a module, the database, the HTTP plugins or the access module.',
      severity: 'error',
      from: { path: '^server/src/tools/', pathNot: NOT_TESTS },
      to: {
        path: '^(server|shared)/',
        pathNot: [
          '^server/src/tools/',
          '^server/src/modules/timetable-generator/solver/',
          '^shared/src/domain/',
        ],
      },
    },
    {
      name: 'shared-domain-framework-free',
      comment: 'The server imports only the framework-free part of shared (shared/src/domain).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^shared/src/', pathNot: '^shared/src/domain/' },
    },

    // ----- Front end (remotes, host, features) ---------------------------------------------------------
    {
      name: 'remote-imports-another-remote',
      comment:
        'A remote is built, deployed and replaced on its own: it never imports another remote. ' +
        'Move what two remotes need into shared.',
      severity: 'error',
      from: { path: '^(remote-[^/]+)/' },
      to: { path: '^remote-[^/]+/', pathNot: '^$1/' },
    },
    {
      name: 'remote-imports-host',
      comment: 'Remotes run inside the host but never import it: what they share lives in shared.',
      severity: 'error',
      from: { path: '^remote-[^/]+/' },
      to: { path: '^host/' },
    },
    {
      name: 'host-imports-remote',
      comment:
        'The host loads remotes at run time through Module Federation (the registry), never as a ' +
        'workspace dependency or by path: a remote is redeployed without rebuilding the host.',
      severity: 'error',
      from: { path: '^host/' },
      to: { path: '^remote-[^/]+/' },
    },
    {
      name: 'shared-imports-an-app',
      comment: 'shared is below every app: it imports neither the host nor a remote.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(host|remote-[^/]+)/' },
    },
    {
      name: 'feature-imports-another-feature-internals',
      comment:
        "A feature reaches another feature only through that feature's public index.ts; its api/, " +
        'model/ and ui/ files are its own. Pages compose features freely.',
      severity: 'error',
      from: { path: '^(host|remote-[^/]+)/src/features/([^/]+)/' },
      to: {
        path: '^$1/src/features/[^/]+/',
        pathNot: ['^$1/src/features/$2/', '^$1/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    // ----- end of front-end rules ----------------------------------------------------------------------

    // ----- Everywhere ----------------------------------------------------------------------------------
    {
      name: 'no-circular',
      comment: 'Import cycles make the layers meaningless (and break module initialisation order).',
      severity: 'error',
      from: { path: '^server/src/', pathNot: NOT_TESTS },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|playwright-report|test-results|\\.artifacts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: true,
  },
};
