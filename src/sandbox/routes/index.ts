/**
 * Every area of the sandbox, in one list: a new area adds one import and one entry. Each
 * module exports `register(router)`; when it acts as time passes, `dueHooks`; and when it
 * fills one of a booking's nested collections (`GET /bookings/<id>/<name>`), `bookingCollections`.
 */
import type { ChangeHook, DueHook } from '../transaction.js';
import type { Router } from '../router.js';
import type { BookingCollection, Store } from '../store.js';
import * as bookings from './bookings.js';
import * as catalogue from './catalogue.js';
import * as checkins from './checkins.js';
import * as commercial from './commercial.js';
import * as customers from './customers.js';
import * as flex from './flex.js';
import * as overrides from './overrides.js';
import * as paperwork from './paperwork.js';
import * as payments from './payments.js';
import * as profileUpdates from './profile-updates.js';
import * as profiles from './profiles.js';
import * as sandbox from './sandbox.js';
import * as services from './services.js';
import * as webhooks from './webhooks.js';

export interface SandboxModule {
  register(router: Router): void;
  dueHooks?: readonly DueHook[];
  /** What runs inside every mutation after it (webhooks queue the change's events). */
  changeHooks?: readonly ChangeHook[];
  bookingCollections?: Readonly<Record<string, BookingCollection>>;
}

const MODULES: readonly SandboxModule[] = [
  catalogue,
  commercial,
  bookings,
  customers,
  services,
  flex,
  payments,
  profiles,
  profileUpdates,
  overrides,
  checkins,
  sandbox,
  // Before webhooks: the paperwork a change issues is announced with it.
  paperwork,
  webhooks,
];

export function installModules(router: Router, store: Store, modules: readonly SandboxModule[] = MODULES): Router {
  for (const module of modules) {
    module.register(router);
    for (const hook of module.dueHooks ?? []) store.addDueHook(hook);
    for (const hook of module.changeHooks ?? []) store.addChangeHook(hook);
    for (const [name, collection] of Object.entries(module.bookingCollections ?? {})) store.addBookingCollection(name, collection);
  }
  return router;
}
