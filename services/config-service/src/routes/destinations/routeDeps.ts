import type { RouteAuth } from '@datasync/openapi';
import type { DestinationsService } from '../../destinations/destinations.service';

export interface DestinationRouteDeps {
  /** libs/auth's `authenticate`: a dashboard session or the environment's Basic auth. */
  auth: RouteAuth;
  destinations: DestinationsService;
}
