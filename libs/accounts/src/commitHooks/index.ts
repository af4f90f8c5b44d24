export { noCollectionHooks, noLoaderHooks, type AccountHooks, type CollectionHooks } from './hookTypes';
export { loaderCollectionHooks, loaderHooks, type LoaderHookOptions } from './loaderHooks';
