// Stands in for imported .css files under jest (see jest.config.js).
module.exports = {};
