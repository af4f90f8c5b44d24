import type { DemoStep } from './demoContext';
import { seedConfiguration } from './configuration';
import { seedDestinationDatabase } from './destinationDatabase';

export { describeDemo, removeDemoFile, writeDemoFile, DEMO_FILE, type DemoInfo } from './demoInfo';
export type { DemoContext, DemoStep } from './demoContext';

/** Seeding in order; each step is idempotent (it runs at every start, on kept data). */
export const demoSteps: DemoStep[] = [seedDestinationDatabase, seedConfiguration];
