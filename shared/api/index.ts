export { adminFunctionById, adminFunctionFor, adminFunctions, buildPath, jobs, routeById, routes } from './routes';
export type { AdminAction, AdminFunction, AdminFunctionId, AuthLevel, HttpMethod, JobId, RouteDef, RouteId } from './routes';
export * from './schemas';
export { contract } from './contract';
export type { Contract, Endpoint, RequestBody, RequestParams, RequestQuery, ResponseBody } from './contract';
