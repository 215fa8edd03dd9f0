const { createWebpackConfig } = require('@parta/shared/webpack');

module.exports = createWebpackConfig({ name: 'host', dirname: __dirname, html: true, port: 8080 });
