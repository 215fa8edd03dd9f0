module.exports = require('./build/jest-preset')(__dirname);
