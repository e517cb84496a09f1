// openid-client and its two dependencies are ES modules only; the services load them with import(),
// which jest's CommonJS module system cannot do, so jest compiles them like our sources (the services
// tests run the services in process: test/helpers/stack.ts). So for the job queue (agenda, its Mongo
// backend, agendash's controller), which Node 24 loads with require().
const ESM_ONLY = ['openid-client', 'oauth4webapi', 'jose', 'agenda', '@agendajs/mongo-backend', 'agendash'];

module.exports = require('../jest.preset')('node', __dirname, {
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
});
