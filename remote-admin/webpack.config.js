const { createWebpackConfig } = require('@parta/shared/webpack');

module.exports = createWebpackConfig({
  name: 'admin',
  dirname: __dirname,
  exposes: { './routes': './src/routes.tsx' },
  port: 3004,
});
