import { propertiesPath, type CrmObjectType } from '../hubspotCatalog';
import type { HubspotClient } from '../hubspotClient';
import type { PropertyDefinitionJson } from '../hubspotRows';

/** `GET /crm/v3/properties/{objectType}`: HubSpot's properties and the account's own, in one answer (no paging). */
export async function listPropertyDefinitions(client: HubspotClient, objectType: CrmObjectType): Promise<PropertyDefinitionJson[]> {
  const { body } = await client.get<{ results?: PropertyDefinitionJson[] }>(propertiesPath(objectType));
  return body.results ?? [];
}

/**
 * The names of every property of a type, asked once per reader: a list page asks for all of
 * them, custom ones included, because HubSpot answers only the properties it is asked for.
 */
export class PropertyNames {
  private readonly known = new Map<CrmObjectType, Promise<string[]>>();

  constructor(private readonly client: HubspotClient) {}

  of(objectType: CrmObjectType): Promise<string[]> {
    let names = this.known.get(objectType);
    if (!names) {
      names = listPropertyDefinitions(this.client, objectType).then((defs) =>
        defs
          .filter((d) => d.archived !== true)
          .map((d) => d.name)
          .sort(),
      );
      // A failed read is not remembered: the next page asks again.
      names.catch(() => this.known.delete(objectType));
      this.known.set(objectType, names);
    }
    return names;
  }
}
