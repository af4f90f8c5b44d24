export { createHttpApp, finishHttpApp, type HttpAppOptions } from './httpApp';
export { Readiness } from './readiness';
export { mountRoutes, requireJsonBody, type HttpMethod, type RouteDefinition } from './routes';
export { boundPort, installShutdown, listen, type ShutdownOptions } from './serve';
export { startService, type StartServiceOptions } from './startService';
export { httpEnv } from './httpEnv';
export { addressBucket, clientAddress } from './clientAddress';
export { parseTrustedProxies, trustedProxiesEnv, type TrustedProxiesConfig } from './trustedProxies';
