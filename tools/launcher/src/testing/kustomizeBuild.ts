import fs from 'node:fs/promises';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { isObject, manifestId, type Manifest } from './manifest';
import { strategicMerge } from './strategicMerge';

/**
 * `kustomize build` for the subset of kustomize that deploy/k8s uses, so tests render the
 * manifests offline without a kustomize binary: resources (files and folders), components,
 * strategic merge patches by path, namespace and images. Any other field is refused rather than
 * ignored, so a kustomization using more than this fails its test instead of rendering wrong.
 * Where kubectl is installed, the test compares this output with `kubectl kustomize`.
 */
export async function kustomizeBuild(dir: string): Promise<Manifest[]> {
  const kustomization = await readKustomization(dir, 'Kustomization');
  return build(dir, kustomization, []);
}

interface Kustomization {
  kind: string;
  resources?: string[];
  components?: string[];
  patches?: { path: string }[];
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
}

const SUPPORTED = new Set(['apiVersion', 'kind', 'resources', 'components', 'patches', 'namespace', 'images']);

/** Kinds that have no namespace, among those a kustomization here might hold. */
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'IngressClass',
  'ClusterTriggerAuthentication',
]);

async function readKustomization(dir: string, kind: 'Kustomization' | 'Component'): Promise<Kustomization> {
  const [document] = await readYaml(path.join(dir, 'kustomization.yaml'));
  if (!isObject(document) || document.kind !== kind) throw new Error(`${dir}/kustomization.yaml is not a ${kind}`);
  const unsupported = Object.keys(document).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length > 0)
    throw new Error(`${dir}/kustomization.yaml uses ${unsupported.join(', ')}, which kustomizeBuild does not render`);
  return document as unknown as Kustomization;
}

async function build(dir: string, kustomization: Kustomization, inherited: Manifest[]): Promise<Manifest[]> {
  let manifests = [...inherited];
  for (const resource of kustomization.resources ?? []) {
    const location = path.resolve(dir, resource);
    const loaded = (await fs.stat(location)).isDirectory() ? await kustomizeBuild(location) : ((await readYaml(location)) as Manifest[]);
    for (const manifest of loaded) {
      if (manifests.some((m) => manifestId(m) === manifestId(manifest)))
        throw new Error(`${manifestId(manifest)} defined twice (${location})`);
      manifests.push(manifest);
    }
  }
  for (const component of kustomization.components ?? []) {
    const location = path.resolve(dir, component);
    manifests = await build(location, await readKustomization(location, 'Component'), manifests);
  }
  for (const patch of kustomization.patches ?? []) {
    manifests = applyPatch(manifests, (await readYaml(path.resolve(dir, patch.path)))[0] as Manifest, patch.path);
  }
  const { namespace, images = [] } = kustomization;
  return manifests.map((manifest) => {
    let result = manifest;
    if (namespace && !CLUSTER_SCOPED.has(result.kind)) result = { ...result, metadata: { ...result.metadata, namespace } };
    return images.length > 0 ? setImages(result, images) : result;
  });
}

function applyPatch(manifests: Manifest[], patch: Manifest, file: string): Manifest[] {
  const index = manifests.findIndex((m) => m.kind === patch.kind && m.metadata.name === patch.metadata.name);
  if (index === -1) throw new Error(`patch ${file} targets ${manifestId(patch)}, which is not among the resources`);
  // Kubernetes' own groups have merge keys; custom resources are merged by replacing lists.
  const builtIn = !patch.apiVersion.includes('.') || patch.apiVersion.includes('.k8s.io/');
  const patched = [...manifests];
  patched[index] = strategicMerge(manifests[index], patch, builtIn) as Manifest;
  return patched;
}

function setImages(manifest: Manifest, images: NonNullable<Kustomization['images']>): Manifest {
  const copy = structuredClone(manifest);
  for (const container of podContainers(copy)) {
    const image = container.image;
    if (typeof image !== 'string') continue;
    const name = image.replace(/@.*$/, '').replace(/:[^:/]*$/, '');
    const rule = images.find((i) => i.name === name);
    if (!rule) continue;
    const newName = rule.newName ?? name;
    const oldTag = image.slice(name.length);
    container.image = rule.digest ? `${newName}@${rule.digest}` : rule.newTag ? `${newName}:${rule.newTag}` : `${newName}${oldTag}`;
  }
  return copy;
}

/** The containers of a workload's pod template (Deployment, Job) or of a Pod. */
export function podContainers(manifest: Manifest): Record<string, unknown>[] {
  const spec = manifest.spec;
  const template = isObject(spec) && isObject(spec.template) ? spec.template : undefined;
  const podSpec = template && isObject(template.spec) ? template.spec : manifest.kind === 'Pod' ? spec : undefined;
  if (!isObject(podSpec)) return [];
  return [...asArray(podSpec.initContainers), ...asArray(podSpec.containers)].filter(isObject);
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

async function readYaml(file: string): Promise<unknown[]> {
  const documents = parseAllDocuments(await fs.readFile(file, 'utf8'));
  if (!Array.isArray(documents)) throw new Error(`${file}: not YAML documents`);
  return documents
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((e) => e.message).join('; ')}`);
      return document.toJS() as unknown;
    })
    .filter((value) => value !== null);
}
