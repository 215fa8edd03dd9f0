module.exports = require('@parta/shared/jest-preset')(__dirname);
