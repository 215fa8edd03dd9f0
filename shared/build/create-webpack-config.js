// @ts-check
/**
 * The one webpack configuration of every Parta front-end app (host and remotes).
 * Each app's webpack.config.js only names itself: see ARCHITECTURE.md "Module Federation".
 *
 * Loaders and plugins are resolved from this package, so the apps do not each declare them.
 */
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { createHash } = require('node:crypto');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
// The minimizer webpack itself uses (terser by default); a first start asks it for esbuild.
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { appImports, mantineCoreImports, mantineHooksImports } = require('./mantine-styles');

/** Packages that hold React context or module state: exactly one copy at run time. */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  // react-router is bundled into this one (the apps import only react-router-dom), so the shared
  // react-router-dom is tree-shaken through it (TREE_SHAKEN below).
  'react-router-dom',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/dates',
  '@mantine/notifications',
  'dayjs',
  'jotai',
  'jotai/',
  'axios',
  '@tanstack/react-query',
  '@parta/shared',
];

/**
 * Content-hashed JS names. The federation runtime asks for a chunk's file name before hashes exist,
 * only to learn the folder depth; it gets the unhashed name, which lies in the same folder.
 * @param {import('webpack').PathData} pathData
 */
function hashedJsName(pathData) {
  const chunk = /** @type {any} */ (pathData.chunk);
  return chunk?.contentHash?.javascript ? '[name].[contenthash:10].js' : '[name].js';
}

/** Reads the installed version of a package as the app resolves it. */
function installedVersion(appDir, packageName) {
  const bare = packageName.replace(/\/$/, '');
  const candidates = [appDir, __dirname];
  for (const base of candidates) {
    try {
      const pkgPath = require.resolve(`${bare}/package.json`, { paths: [base] });
      return JSON.parse(fs.readFileSync(pkgPath, 'utf8')).version;
    } catch {
      // Some packages do not export package.json; walk up from the entry instead.
      try {
        let dir = path.dirname(require.resolve(bare, { paths: [base] }));
        while (dir !== path.dirname(dir)) {
          const candidate = path.join(dir, 'package.json');
          if (fs.existsSync(candidate)) {
            const pkg = JSON.parse(fs.readFileSync(candidate, 'utf8'));
            if (pkg.name === bare) return pkg.version;
          }
          dir = path.dirname(dir);
        }
      } catch {
        // try the next base
      }
    }
  }
  throw new Error(`create-webpack-config: cannot resolve the version of ${bare} from ${appDir}`);
}

/**
 * React Router 7's exports map names only its development build (warnings, invariant texts and
 * checks on every hook call); its production build lies beside it. A release resolves
 * `react-router` and `react-router/dom` to that build (`react-router-dom` re-exports both).
 */
function reactRouterProductionBuild(appDir) {
  const routerDom = require.resolve('react-router-dom/package.json', { paths: [appDir, __dirname] });
  const router = require.resolve('react-router/package.json', { paths: [path.dirname(routerDom)] });
  const dist = path.join(path.dirname(router), 'dist', 'production');
  return {
    'react-router$': path.join(dist, 'index.mjs'),
    'react-router/dom$': path.join(dist, 'dom-export.mjs'),
  };
}

const SHARED_PACKAGE_DIR = path.join(__dirname, '..');

/** Every file of this package's sources, in a stable order (tests left out: they ship nowhere). */
function sharedSourceFiles(dir = path.join(SHARED_PACKAGE_DIR, 'src')) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sharedSourceFiles(full);
      return /\.test\.tsx?$/.test(entry.name) ? [] : [full];
    });
}

/**
 * The federation version of @parta/shared: its package version plus a hash of its sources, e.g.
 * `1.0.0-s3f9a0c1b2d`. `workspace:*` is not semver and the package version never moves, so without
 * this a remote built against a newer shared would be silently mixed with the host's older copy.
 * Each app requires exactly the version it was built with: the federation runtime then warns in
 * the console when the host provides another, and mf-manifest.json names the version of each build.
 */
function sharedPackageVersion() {
  // Tests only: stands for a build made against another shared (e2e/tests/remotes.spec.ts).
  if (process.env.PARTA_SHARED_VERSION) return process.env.PARTA_SHARED_VERSION;
  const hash = createHash('sha256');
  const files = [path.join(SHARED_PACKAGE_DIR, 'package.json'), ...sharedSourceFiles()];
  for (const file of files) {
    hash.update(path.relative(SHARED_PACKAGE_DIR, file));
    hash.update(fs.readFileSync(file));
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(SHARED_PACKAGE_DIR, 'package.json'), 'utf8'));
  // A prerelease tag must not be all digits with a leading zero: the `s` keeps it valid semver.
  return `${version}-s${hash.digest('hex').slice(0, 10)}`;
}

/**
 * Where the federation plugin writes the whole build of a tree-shaken shared package (its fallback),
 * inside the app's dist: `output.clean` keeps it, and it is deployed with the rest.
 */
const TREE_SHAKING_DIR = 'independent-packages';

/**
 * The packages shared tree-shaken, each with the exports every app declares (read from the apps'
 * sources by shared/build/mantine-styles.js, never a hand-kept list): @mantine/core, @mantine/hooks
 * (what the apps, the Mantine packages and the tree-shaken @mantine/core import from it) and
 * react-router-dom (react-router inside).
 * The host checks the remotes' published lists of all three before they load
 * (host/src/start/mantine-build.ts, `TREE_SHAKEN_PACKAGES` there).
 * @type {Record<string, () => string[]>}
 */
const TREE_SHAKEN = {
  '@mantine/core': mantineCoreImports,
  '@mantine/hooks': mantineHooksImports,
  'react-router-dom': () => appImports('react-router-dom'),
};

/**
 * A package shared tree-shaken: its shared chunk holds only the exports the apps import, and the
 * whole library is built beside it as the fallback (`TREE_SHAKING_DIR`). `runtime-infer`: each
 * build publishes its `usedExports` (runtime and mf-stats.json), and the federation runtime picks the
 * tree-shaken copy while it covers what a consumer uses. Every app declares the same list, so the
 * singleton they negotiate is one tree-shaken copy; `pnpm check:mantine-exports` fails a remote that
 * uses an @mantine/core export beyond the host's published list.
 * @param {string} name
 * @param {string} version
 */
function treeShaking(name, version) {
  return {
    mode: /** @type {const} */ ('runtime-infer'),
    usedExports: TREE_SHAKEN[name](),
    // Content-hashed (the federation plugin's default is `<version>/share-entry.js`): a cache that
    // kept an older fallback under the same name would hand it to a newer page. The server serves
    // a hashed host file immutable, and the service worker does not precache it (host/webpack.config.js).
    filename: `${version}/share-entry.[contenthash:10].js`,
  };
}

/**
 * `shared` block of the federation plugin with explicit versions (workspace:* is not semver).
 * @returns {Record<string, {singleton: boolean, requiredVersion: string, version: string, treeShaking?: {mode: 'runtime-infer', usedExports: string[], filename: string}}>}
 */
function sharedConfig(appDir) {
  /** @type {ReturnType<typeof sharedConfig>} */
  const shared = {};
  for (const name of SINGLETONS) {
    if (name === '@parta/shared') {
      const version = sharedPackageVersion();
      shared[name] = { singleton: true, version, requiredVersion: version };
      continue;
    }
    const version = installedVersion(appDir, name);
    shared[name] = { singleton: true, version, requiredVersion: `^${version}` };
    if (name in TREE_SHAKEN) shared[name].treeShaking = treeShaking(name, version);
  }
  return shared;
}

/**
 * The fallback of a tree-shaken shared package is built by a second compiler that copies the app's
 * options and plugins. This plugin, applied to both, gives that compiler a cache of its own (the two
 * run at once and would overwrite one pack) and leaves the parent untouched.
 */
class TreeShakingFallbackCache {
  constructor() {
    this.name = 'PartaTreeShakingFallbackCache';
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const entry = compiler.options.entry;
    // The federation plugin names the fallback compiler's entry `ignored-entry`.
    const isFallbackCompiler = typeof entry === 'object' && entry !== null && 'ignored-entry' in entry;
    const cache = compiler.options.cache;
    if (isFallbackCompiler && cache && typeof cache === 'object' && cache.type === 'filesystem') {
      cache.name = `${cache.name}-shared-fallback`;
    }
  }
}

/**
 * Copies the exports of each tree-shaken package (`TREE_SHAKEN`) this build's code uses from its
 * `mf-stats.json` (where the federation plugin records them) into its `mf-manifest.json`; for
 * @mantine/core only the names the package really exports (a compound member, `Tabs.Tab`, is
 * recorded as `Tab` too). The host reads the remotes' manifests before those packages load and
 * takes a whole library for every app when one needs more than the host's tree-shaken copy holds
 * (host/src/start/mantine-build.ts). Runs after the federation plugin has written both files,
 * before they are compressed.
 * @param {import('webpack').Compiler} compiler
 */
function publishMantineExports(compiler) {
  const { Compilation, sources } = compiler.webpack;
  compiler.hooks.thisCompilation.tap('PartaMantineExports', (compilation) => {
    compilation.hooks.processAssets.tap(
      { name: 'PartaMantineExports', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER + 1 },
      () => {
        const stats = compilation.getAsset('mf-stats.json');
        const manifest = compilation.getAsset('mf-manifest.json');
        if (!stats || !manifest) return;
        const statsShared = JSON.parse(stats.source.source().toString()).shared ?? [];
        const content = JSON.parse(manifest.source.source().toString());
        let changed = false;
        for (const packageName of Object.keys(TREE_SHAKEN)) {
          const used = statsShared.find(
            (/** @type {{name: string}} */ item) => item.name === packageName,
          )?.usedExports;
          const entry = content.shared?.find(
            (/** @type {{name: string}} */ item) => item.name === packageName,
          );
          if (!entry || !Array.isArray(used)) continue;
          // Required here: the reader resolves @mantine/core, which only the apps' folders hold.
          const names =
            packageName === '@mantine/core'
              ? require('./check-mantine-exports').mantineCoreExportNames()
              : null;
          entry.usedExports = [...new Set(used)]
            .filter((/** @type {string} */ name) => !names || names.has(name))
            .sort();
          changed = true;
        }
        if (changed) {
          compilation.updateAsset(
            'mf-manifest.json',
            new sources.RawSource(JSON.stringify(content, null, 2)),
          );
        }
      },
    );
  });
}

/** Below this a compressed copy saves less than its headers cost. */
const PRECOMPRESS_MIN_BYTES = 1024;
const PRECOMPRESSED = /\.(js|css|json|html|svg)$/;

/**
 * How hard to compress. `pnpm build` (the release) takes the best ratio. `pnpm start` on a fresh
 * clone sets PARTA_FIRST_START=1: brotli 9 and gzip 6 write files ~4 % larger in a small fraction of
 * the time (brotli 11 was most of a remote's build on the 2-core machine).
 */
function compressionLevels() {
  const firstStart = process.env.PARTA_FIRST_START === '1';
  return {
    brotli: firstStart ? 9 : zlib.constants.BROTLI_MAX_QUALITY,
    gzip: firstStart ? 6 : zlib.constants.Z_BEST_COMPRESSION,
  };
}

/**
 * Writes `<asset>.br` and `<asset>.gz` next to every JS/CSS/JSON/HTML asset: the server sends them
 * by Accept-Encoding (server/src/plugins/frontend.ts) and never compresses a static file per
 * request. Runs after minification and content hashing, on the final bytes.
 * @param {import('webpack').Compiler} compiler
 */
function precompressAssets(compiler) {
  const levels = compressionLevels();
  const { Compilation, sources } = compiler.webpack;
  compiler.hooks.thisCompilation.tap('PartaPrecompress', (compilation) => {
    compilation.hooks.processAssets.tap(
      // After the federation plugin's manifest and stats and their edit (publishMantineExports).
      { name: 'PartaPrecompress', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER + 2 },
      (assets) => {
        for (const [file, source] of Object.entries(assets)) {
          if (!PRECOMPRESSED.test(file)) continue;
          const buffer = source.buffer();
          if (buffer.length < PRECOMPRESS_MIN_BYTES) continue;
          const info = compilation.assetsInfo.get(file) ?? {};
          const related = { immutable: info.immutable, compressed: true };
          const brotli = zlib.brotliCompressSync(buffer, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: levels.brotli,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
            },
          });
          const gzip = zlib.gzipSync(buffer, { level: levels.gzip });
          compilation.emitAsset(`${file}.br`, new sources.RawSource(brotli), related);
          compilation.emitAsset(`${file}.gz`, new sources.RawSource(gzip), related);
        }
      },
    );
  });
}

/**
 * Writes `build-kind.json` (`{"kind":"first-start"}` or `{"kind":"release"}`): the browser tests build
 * the way `pnpm start` does and the bench measures the release, and each rebuilds an app whose dist is
 * of the other kind (e2e/global-setup.ts).
 * @param {'first-start' | 'release'} kind
 */
function recordBuildKind(kind) {
  /** @param {import('webpack').Compiler} compiler */
  return (compiler) => {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PartaBuildKind', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PartaBuildKind', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset('build-kind.json', new sources.RawSource(JSON.stringify({ kind }))),
      );
    });
  };
}

/**
 * @param {object} options
 * @param {string} options.name        federation name, unique per app (`host`, `people`, ...)
 * @param {string} options.dirname     the app's folder (pass `__dirname`)
 * @param {Record<string, string>=} options.exposes  remotes expose `{ './routes': './src/routes.tsx' }`
 * @param {boolean=} options.html      only the host emits index.html
 * @param {number=} options.port       dev-server port
 */
function createWebpackConfig({ name, dirname, exposes = {}, html = false, port = 3000 }) {
  return (_env = {}, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const production = mode === 'production';
    // `pnpm start` on a fresh clone (server/scripts/start.mjs): no source maps, the release keeps them.
    const firstStart = production && process.env.PARTA_FIRST_START === '1';
    const apiTarget = process.env.PARTA_API_URL ?? 'http://localhost:3000';

    /** @type {import('webpack').Configuration} */
    const config = {
      mode,
      context: dirname,
      // Modules compiled once are kept in node_modules/.cache: a rebuild after a change or a pull
      // redoes only what changed (the cache is keyed on this file, the lockfile and the mode).
      cache: {
        type: 'filesystem',
        name: `${name}-${mode}${firstStart ? '-first-start' : ''}`,
        cacheDirectory: path.join(dirname, 'node_modules', '.cache', 'webpack'),
        buildDependencies: { config: [__filename] },
      },
      entry: { main: './src/index.ts' },
      devtool: firstStart ? false : production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dirname, 'dist'),
        publicPath: 'auto',
        uniqueName: `parta_${name}`,
        filename: production ? hashedJsName : '[name].js',
        chunkFilename: production ? hashedJsName : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        // The fallback builds of tree-shaken shared packages are written there before the app emits.
        clean: { keep: (file) => file.startsWith(`${TREE_SHAKING_DIR}/`) },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: production ? reactRouterProductionBuild(dirname) : {},
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('ts-loader'),
              options: { transpileOnly: true, configFile: path.join(dirname, 'tsconfig.json') },
            },
          },
          {
            test: /\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              {
                loader: require.resolve('css-loader'),
                options: { modules: { auto: true, namedExport: false, exportLocalsConvention: 'as-is' } },
              },
              {
                loader: require.resolve('postcss-loader'),
                options: {
                  postcssOptions: {
                    plugins: [
                      require.resolve('postcss-preset-mantine'),
                      [
                        require.resolve('postcss-simple-vars'),
                        {
                          variables: {
                            'mantine-breakpoint-xs': '36em',
                            'mantine-breakpoint-sm': '48em',
                            'mantine-breakpoint-md': '62em',
                            'mantine-breakpoint-lg': '75em',
                            'mantine-breakpoint-xl': '88em',
                          },
                        },
                      ],
                    ],
                  },
                },
              },
            ],
          },
          { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        {
          // The compiler's own webpack: the apps and this package resolve two copies of it.
          // A remote can show its build label, so a redeployed remote is visible in the browser.
          /** @param {import('webpack').Compiler} compiler */
          apply(compiler) {
            new compiler.webpack.DefinePlugin({
              'process.env.PARTA_BUILD_LABEL': JSON.stringify(process.env.PARTA_BUILD_LABEL ?? ''),
            }).apply(compiler);
          },
        },
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedConfig(dirname),
          treeShakingDir: TREE_SHAKING_DIR,
          // Not copied into the fallback's compiler: the service worker, the build-kind marker and
          // the host's public files belong to the app's own dist.
          treeShakingSharedExcludePlugins: ['InjectManifest', 'PartaBuildKind', 'PartaPublicFiles'],
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
        }),
        // The host always has a page; a remote gets one only for standalone development.
        ...(html || !production
          ? [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                chunks: ['main'],
                // Absolute, so deep links such as /users/5/edit load /main.js, not /users/5/main.js.
                publicPath: '/',
                scriptLoading: 'defer',
              }),
            ]
          : []),
        new TreeShakingFallbackCache(),
        { name: 'PartaMantineExports', apply: publishMantineExports },
        ...(production
          ? [
              { name: 'PartaPrecompress', apply: precompressAssets },
              { name: 'PartaBuildKind', apply: recordBuildKind(firstStart ? 'first-start' : 'release') },
            ]
          : []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // A first start minifies with esbuild: remote-journal builds in 20 s instead of 37 s alone, its
        // files ~11 % larger after brotli. The release keeps webpack's terser (two compress passes).
        ...(firstStart
          ? { minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.esbuildMinify })] }
          : {}),
      },
      performance: { hints: false },
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/remotes'], target: apiTarget, changeOrigin: true }],
      },
    };
    return config;
  };
}

module.exports = { createWebpackConfig, SINGLETONS, sharedPackageVersion, TREE_SHAKING_DIR };
