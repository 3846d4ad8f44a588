import { COURIER_API_PREFIX, type Endpoint } from "@storefront/domain/endpoints";

/**
 * The full paths of the contract's endpoints (domain contract/endpoints.ts), one function per API
 * prefix: the tests call the API by the same builders as its clients, so a path the contract gets
 * wrong fails here too. Only the tests whose point is the path itself (a malformed one, an unknown
 * route, the health and documentation routes) write one by hand (`api-paths-in-tests.test.ts`).
 */
export const apiPath = (endpoint: Endpoint) => `/api${endpoint.path}`;
export const consolePath = (endpoint: Endpoint) => `/api/console${endpoint.path}`;
export const adminPath = (endpoint: Endpoint) => `/api/admin${endpoint.path}`;
export const opsPath = (endpoint: Endpoint) => `/api/ops${endpoint.path}`;
export const devPath = (endpoint: Endpoint) => `/api/dev${endpoint.path}`;
export const courierPath = (endpoint: Endpoint) => `${COURIER_API_PREFIX}${endpoint.path}`;
