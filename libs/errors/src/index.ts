export * from './apiErrors';
export { errorMiddleware, notFoundHandler, toApiError } from './errorMiddleware';
