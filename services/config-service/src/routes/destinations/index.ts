import type { AnyRouteSpec } from '@datasync/openapi';
import { deleteDestination } from './deleteDestination';
import { getDestination } from './getDestination';
import { listDestinations } from './listDestinations';
import { postDestination } from './postDestination';
import { postDestinationCheck } from './postDestinationCheck';
import type { DestinationRouteDeps } from './routeDeps';

export type { DestinationRouteDeps };

export function destinationRoutes(deps: DestinationRouteDeps): AnyRouteSpec[] {
  // /destinations/check before /destinations/{name}: Express matches in order, and "check" is a valid name.
  return [postDestinationCheck(deps), postDestination(deps), listDestinations(deps), getDestination(deps), deleteDestination(deps)];
}
