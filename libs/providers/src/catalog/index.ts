export * from './types';
export { commonColumns, commonColumnNames, primaryKey } from './commonColumns';
export { sqlTypes } from './sqlTypes';
export { columnValue, typedValues, type ColumnValue } from './columnValue';
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
