/** A Kubernetes object as read from YAML: only the fields every object has are typed. */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const manifestId = (m: Pick<Manifest, 'kind' | 'metadata'>): string => `${m.kind}/${m.metadata.name}`;
