const { createWebpackConfig } = require('@parta/shared/webpack');

module.exports = createWebpackConfig({
  name: 'people',
  dirname: __dirname,
  exposes: { './routes': './src/routes.tsx' },
  port: 3001,
});
