/**
 * The dependency rules of docs/ARCHITECTURE.md, checked on every `pnpm lint` (`pnpm lint:deps`).
 * A rule broken fails the build; the message says which rule and why it exists.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ------------------------------------------------------------------ server rules (helper A)

    // ------------------------------------------------------------------ client rules
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.artifacts)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
    },
  },
};
