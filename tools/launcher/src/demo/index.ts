import type { DemoStep } from './demoContext';
import { seedDestinationDatabase } from './destinationDatabase';

export { describeDemo, removeDemoFile, writeDemoFile, DEMO_FILE, type DemoInfo } from './demoInfo';
export type { DemoContext, DemoStep } from './demoContext';

/**
 * Seeding in order. Later issues append theirs (organization and login, client credentials,
 * source, sync and collection, a provider key that can be attached) through the services' APIs.
 */
export const demoSteps: DemoStep[] = [seedDestinationDatabase];
