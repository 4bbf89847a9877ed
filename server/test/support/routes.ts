export { registeredRoutes, type RegisteredRoute } from '../../src/common/registered-routes.js';
