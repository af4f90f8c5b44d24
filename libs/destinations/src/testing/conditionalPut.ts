import http from 'node:http';

/**
 * What s3rver ignores and S3 honours: a PUT's `If-None-Match: *` (create only) and
 * `If-Match: <etag>` (replace only that version), answered 412 PreconditionFailed when they fail.
 * The gateway checks the condition against s3rver and forwards the PUT under a lock per key, so
 * that of two conditional PUTs at once exactly one succeeds, as on S3.
 */
export class ConditionalPuts {
  private readonly locks = new Map<string, Promise<void>>();

  constructor(private readonly upstreamPort: number) {}

  /** The condition a PUT carries, or undefined (an unconditional PUT, a multipart part). */
  static conditionOf(method: string, url: string, headers: http.IncomingHttpHeaders): { noneMatch?: string; match?: string } | undefined {
    if (method !== 'PUT' || url.includes('uploadId=')) return undefined;
    const noneMatch = headers['if-none-match'];
    const match = headers['if-match'];
    return noneMatch || match ? { noneMatch, match } : undefined;
  }

  /** Runs `forward` (which resolves once the upstream answer is sent) only if the condition holds; else `refuse`. */
  async run(path: string, condition: { noneMatch?: string; match?: string }, forward: () => Promise<void>, refuse: () => void) {
    const previous = this.locks.get(path) ?? Promise.resolve();
    let unlock = () => {};
    const mine = new Promise<void>((resolve) => (unlock = resolve));
    const chained = previous.then(() => mine);
    this.locks.set(path, chained);
    await previous;
    try {
      const etag = await this.etagOf(path);
      const holds =
        (condition.noneMatch === undefined || (condition.noneMatch === '*' ? etag === undefined : condition.noneMatch !== etag)) &&
        (condition.match === undefined || (etag !== undefined && (condition.match === '*' || condition.match === etag)));
      if (holds) await forward();
      else refuse();
    } finally {
      unlock();
      if (this.locks.get(path) === chained) this.locks.delete(path);
    }
  }

  private etagOf(path: string): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.upstreamPort, method: 'HEAD', path }, (res) => {
        res.resume();
        const etag = res.headers.etag;
        resolve(res.statusCode === 200 && typeof etag === 'string' ? etag : undefined);
      });
      req.on('error', reject);
      req.end();
    });
  }
}
