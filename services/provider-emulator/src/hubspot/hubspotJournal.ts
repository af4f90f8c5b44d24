import path from 'node:path';
import { AppendJournal } from '../kit';
import type { HubspotCommand } from './portal/commands';
import type { HubspotState } from './portal/hubspotState';

/** HubSpot's state on disk: every command applied, replayed on start (`hubspot.ndjson` in the state folder). */
export function openHubspotJournal(
  dir: string,
  state: HubspotState,
): { journal: AppendJournal<HubspotCommand>; replayed: number; tornTail: boolean } {
  const opened = AppendJournal.open<HubspotCommand>(path.resolve(dir), 'hubspot.ndjson', (command) => state.replay(command));
  state.onApplied = (command) => opened.journal.append(command);
  return opened;
}
