import type { LauncherConfig } from '../config';
import type { LocalState } from '../localState';
import type { PlannedService } from '../services';
import type { DemoInfo } from './demoInfo';

/** What a seeding step may use; it records its results in `demo`. */
export interface DemoContext {
  config: LauncherConfig;
  /** Control-plane database, as its superuser (embedded) or the configured user. */
  databaseUrl: string;
  redisUrl: string;
  services: PlannedService[];
  localState: LocalState;
  demo: DemoInfo;
  log: (message: string) => void;
}

/** One seeding step. Steps must be idempotent: they run at every start, on kept data. */
export type DemoStep = (ctx: DemoContext) => Promise<void>;
