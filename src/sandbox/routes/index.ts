/**
 * Every route module, in one list: a new area adds one import and one entry.
 * Each module exports `register(router)`.
 */
import type { Router } from '../router.js';
import * as bookings from './bookings.js';
import * as catalogue from './catalogue.js';
import * as customers from './customers.js';
import * as profiles from './profiles.js';
import * as sandbox from './sandbox.js';

const MODULES: ReadonlyArray<{ register(router: Router): void }> = [
  catalogue,
  bookings,
  customers,
  profiles,
  sandbox,
];

export function registerRoutes(router: Router): Router {
  for (const module of MODULES) module.register(router);
  return router;
}
