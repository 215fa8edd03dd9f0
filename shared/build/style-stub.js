// CSS imports resolve to an empty object under jest.
module.exports = {};
