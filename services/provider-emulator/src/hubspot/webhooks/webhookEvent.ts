/** What a change raises, before the dispatcher gives it ids and addresses it to an app. */
export interface RaisedEvent {
  /** `contact.creation`, `deal.propertyChange`, `contact.merge`, … */
  subscriptionType: string;
  objectId: number;
  occurredAt: number;
  propertyName?: string;
  propertyValue?: string;
  /** Merge events name the records involved, as HubSpot's do. */
  primaryObjectId?: number;
  mergedObjectIds?: number[];
  newObjectId?: number;
}

export interface RaisedBatch {
  portalId: number;
  events: RaisedEvent[];
}
