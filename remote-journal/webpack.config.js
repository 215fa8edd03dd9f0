const { createWebpackConfig } = require('@parta/shared/webpack');

module.exports = createWebpackConfig({
  name: 'journal',
  dirname: __dirname,
  exposes: { './routes': './src/routes.tsx' },
  port: 3003,
});
