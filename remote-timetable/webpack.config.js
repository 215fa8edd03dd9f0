const { createWebpackConfig } = require('@parta/shared/webpack');

module.exports = createWebpackConfig({
  name: 'timetable',
  dirname: __dirname,
  exposes: { './routes': './src/routes.tsx' },
  port: 3002,
});
