import type { Knex } from '@datasync/db';
import { fenceClosed, type FenceClosed, type FenceScope } from '../access/writeFence';

/**
 * Whether a table's verification may go on: asked before each page it lists (so a paused,
 * deleted or unmounted account's check sends the provider no further request) and told when a
 * repair was refused by the write fence. Once closed it stays closed.
 */
export class VerifyGate {
  private why: FenceClosed | null = null;

  constructor(
    private readonly knex: Knex,
    readonly scope: FenceScope,
  ) {}

  get closed(): FenceClosed | null {
    return this.why;
  }

  async open(): Promise<boolean> {
    this.why ??= await fenceClosed(this.knex, this.scope);
    return this.why === null;
  }

  close(why: FenceClosed): void {
    this.why ??= why;
  }
}
