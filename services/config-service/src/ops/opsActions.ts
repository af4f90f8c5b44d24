/**
 * The changes operators may make through bull-board: retry, promote and clean (one job or a
 * state), pause and resume. Paths are bull-board's, relative to /ops/queues. Everything else it
 * offers (add or edit a job, empty or obliterate a queue, schedulers, rate limits, concurrency)
 * is refused: jobs are the services' to enqueue, validated against the catalog under
 * deterministic ids, and a queue wiped by hand loses work no reconciler knows to redo.
 */
const ALLOWED_CHANGES: readonly RegExp[] = [
  /^\/api\/queues\/[^/]+\/(retry|clean)\/[^/]+$/,
  /^\/api\/queues\/[^/]+\/promote$/,
  /^\/api\/queues\/[^/]+\/[^/]+\/(retry|clean|promote)$/,
  /^\/api\/queues\/(pause|resume)$/,
  /^\/api\/queues\/[^/]+\/(pause|resume)$/,
];

export function isAllowedChange(method: string, path: string): boolean {
  return method === 'PUT' && ALLOWED_CHANGES.some((allowed) => allowed.test(path));
}
