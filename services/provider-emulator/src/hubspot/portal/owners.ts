import { pick } from '../../kit';

/** A CRM owner (a user who can own records), as `GET /crm/v3/owners` answers. */
export interface Owner {
  id: number;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: number;
  updatedAt: number;
  archived: boolean;
}

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken'] as const;
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson'] as const;

/** `count` owners of a portal, the same for the same seed. */
export function generateOwners(seed: number, count: number, at: number): Owner[] {
  return Array.from({ length: count }, (_, i) => {
    const firstName = pick(seed, i, 1, FIRST);
    const lastName = pick(seed, i, 2, LAST);
    return {
      id: 100_000 + i * 7 + 1,
      userId: 9_000_000 + i,
      email: `${firstName}.${lastName}.${i}@example.com`.toLowerCase(),
      firstName,
      lastName,
      createdAt: at,
      updatedAt: at,
      archived: false,
    };
  });
}

export function ownerJson(owner: Owner): Record<string, unknown> {
  return {
    id: String(owner.id),
    email: owner.email,
    type: 'PERSON',
    firstName: owner.firstName,
    lastName: owner.lastName,
    userId: owner.userId,
    userIdIncludingInactive: owner.userId,
    createdAt: new Date(owner.createdAt).toISOString(),
    updatedAt: new Date(owner.updatedAt).toISOString(),
    archived: owner.archived,
  };
}
