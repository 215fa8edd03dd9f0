const fs = require('node:fs');
const path = require('node:path');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createWebpackConfig } = require('@parta/shared/webpack');

const shellConfig = createWebpackConfig({ name: 'host', dirname: __dirname, html: true, port: 8080 });

/** Files of host/public (web app manifest, icons) copied as they are next to index.html. */
function emitPublicFiles(compiler) {
  const { Compilation, sources } = compiler.webpack;
  const publicDir = path.join(__dirname, 'public');
  compiler.hooks.thisCompilation.tap('PartaPublicFiles', (compilation) => {
    compilation.hooks.processAssets.tap(
      { name: 'PartaPublicFiles', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
      () => {
        for (const file of fs.readdirSync(publicDir)) {
          compilation.fileDependencies.add(path.join(publicDir, file));
          compilation.emitAsset(file, new sources.RawSource(fs.readFileSync(path.join(publicDir, file))));
        }
      },
    );
  });
}

/**
 * The shell's build plus what makes it an installable app: the web app manifest and icons, and in
 * production the service worker (src/pwa/service-worker.ts) with the list of the host's
 * content-hashed files to keep.
 */
module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  config.plugins.push({ name: 'PartaPublicFiles', apply: emitPublicFiles });
  // The component modules of the shared @mantine/core, named by src/start/mantine-in-slices.ts
  // (its exports map lists only the package's index).
  config.resolve.alias = {
    ...config.resolve.alias,
    'mantine-core-esm': path.join(path.dirname(require.resolve('@mantine/core')), '..', 'esm'),
  };
  if (config.mode === 'production') {
    config.plugins.push(
      new InjectManifest({
        swSrc: path.join(__dirname, 'src/pwa/service-worker.ts'),
        swDest: 'sw.js',
        // The shell: content-hashed scripts and styles, and index.html (served only when the network
        // fails: pages are network-first, so a new build is still seen first online).
        include: [/\.[0-9a-f]{10}\.(js|css)$/, /^index\.html$/],
        // Not the whole @mantine/core beside the tree-shaken one (its own compiler writes it, so it
        // is not among these assets anyway): a page loads it only when a remote needs it
        // (src/start/mantine-build.ts), and then it is cached like any other file it fetched.
        exclude: [/^independent-packages\//],
        // The entry of the host, loaded on every page anyway; the rest (lazy screens) comes on first use.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      }),
    );
  }
  return config;
};
