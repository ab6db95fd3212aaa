/** The shop API contract: schemas per area and the endpoint table. Browser-safe (zod only). */
export * from './common.ts';
export * from './cart.ts';
export * from './customer.ts';
export * from './address.ts';
export * from './delivery.ts';
export * from './payment.ts';
export * from './order.ts';
export * from './operator.ts';
export { ENDPOINTS, pathFor, type Endpoint, type EndpointKey, type Auth, type Method } from './paths.ts';
