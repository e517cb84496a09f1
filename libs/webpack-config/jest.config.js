module.exports = require('../../jest.preset')('node', __dirname);
