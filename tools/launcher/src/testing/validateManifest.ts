import type { Manifest } from './manifest';

interface ModelClass {
  new (data: unknown): { validate(): void };
}

/**
 * Where the offline schema of an API group lives: Kubernetes' own groups in kubernetes-models,
 * KEDA's custom resources in @kubernetes-models/keda (both generated from the published
 * OpenAPI schemas and CRDs, compiled to validators).
 */
function modelModule(apiVersion: string, kind: string): string {
  if (apiVersion.startsWith('keda.sh/')) return `@kubernetes-models/keda/${apiVersion}/${kind}`;
  return `kubernetes-models/${apiVersion}/${kind}`;
}

/**
 * Validates a manifest against its kind's schema; throws naming every violation. A kind or
 * version the schemas do not know (a typo, or an API removed from Kubernetes) is an error too.
 */
export function validateManifest(manifest: Manifest): void {
  let models: Record<string, ModelClass | undefined>;
  try {
    models = require(modelModule(manifest.apiVersion, manifest.kind)) as Record<string, ModelClass | undefined>;
  } catch {
    throw new Error(`${manifest.apiVersion} ${manifest.kind} is not a known Kubernetes API kind`);
  }
  const Model = models[manifest.kind];
  if (!Model) throw new Error(`${manifest.apiVersion} ${manifest.kind} is not a known Kubernetes API kind`);
  new Model(manifest).validate();
}
