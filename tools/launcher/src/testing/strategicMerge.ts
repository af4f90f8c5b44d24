import { isObject } from './manifest';

/**
 * The keys by which Kubernetes merges lists of its own objects in a strategic merge patch (the
 * patchMergeKey of the API's schema), for the lists that deploy/k8s patches. Any other list is
 * replaced whole, which is also what kustomize does for custom resources (it knows no schema).
 */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
};

/** `patch` applied to `target` as a strategic merge patch (a null value deletes the key). */
export function strategicMerge(target: unknown, patch: unknown, builtIn: boolean): unknown {
  if (!isObject(target) || !isObject(patch)) return structuredClone(patch);
  const merged: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete merged[key];
      continue;
    }
    const current = merged[key];
    const mergeKey = MERGE_KEYS[key];
    if (builtIn && mergeKey && Array.isArray(current) && Array.isArray(value)) {
      merged[key] = mergeLists(current, value, mergeKey);
    } else {
      merged[key] = isObject(current) && isObject(value) ? strategicMerge(current, value, builtIn) : structuredClone(value);
    }
  }
  return merged;
}

// As kustomize renders it: the patch's items first, in the patch's order (merged into the
// original item of the same key), then the original items the patch does not name.
function mergeLists(current: unknown[], patch: unknown[], mergeKey: string): unknown[] {
  const keyOf = (item: unknown) => (isObject(item) ? item[mergeKey] : undefined);
  const patched = patch.map((item) => {
    const original = current.find((c) => keyOf(c) !== undefined && keyOf(c) === keyOf(item));
    return original === undefined ? structuredClone(item) : strategicMerge(original, item, true);
  });
  const untouched = current.filter((c) => !patch.some((item) => keyOf(item) !== undefined && keyOf(item) === keyOf(c)));
  return [...patched, ...untouched];
}
