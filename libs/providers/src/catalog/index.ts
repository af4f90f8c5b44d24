export * from './types';
export { coerceValue } from './coerce';
export { toWriteRow, toWriteRows, typedValues, type ObjectState } from './rowOf';
export { tableSpecOf } from './tableSpecOf';
export {
  UnknownCatalogEntryError,
  findResource,
  findResourceByEventType,
  findResourceByObject,
  getProvider,
  getResource,
  isProviderName,
  resourceNames,
} from './registry';
export { stripeCatalog } from './stripe';
