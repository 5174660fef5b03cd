/**
 * Customers (spec §2.3). A customer belongs to the agency of the agent who created it; other
 * agencies get 403. PATCH (and PUT) merges: nested objects (`name`, `passport`, `address`,
 * `emergency_contacts`) member by member, lists replaced whole; the required name members
 * cannot be cleared.
 */
import { assertOwnAgency } from '../auth.js';
import { isoDate } from '../clock.js';
import { notFound } from '../errors.js';
import { listRecords } from '../list.js';
import type { CustomerRecord, State } from '../model.js';
import type { Reply, RequestContext, Router } from '../router.js';
import { assignChanged, Checker, checkUnwritable, objectBody, type Body, type UpdateMembers } from '../validate.js';
import { href } from '../refs.js';
import { customerView } from '../views.js';

export const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx'] as const;

type Editable = Omit<CustomerRecord, 'id' | 'seq' | 'date_created' | 'agency_id' | 'agent_id'>;

export function visibleCustomer(ctx: RequestContext, state: State, id: string): CustomerRecord {
  const customer = state.collections.customers[id];
  if (!customer) throw notFound(`Customer ${id}`);
  assertOwnAgency(ctx.caller, customer.agency_id, `customer ${id}`);
  return customer;
}

function phoneNumbers(check: Checker, list: unknown[] | null | undefined, field: string): Array<{ number: string; type: string }> | null | undefined {
  if (!list) return list;
  return list.flatMap((item, i) => {
    if (item === null || typeof item !== 'object') {
      check.add(`${field}[${i}]`, 'INVALID_TYPE', 'each phone number is an object with number and type');
      return [];
    }
    const number = check.string(item as Body, 'number', `${field}[${i}].number`, { required: true });
    const type = check.string(item as Body, 'type', `${field}[${i}].type`) ?? 'HOME';
    return typeof number === 'string' ? [{ number, type }] : [];
  });
}

/**
 * Nationality, state and country: text, or the reference the customer was read with
 * (`{id, href, name}`, so a client may send back what it read); kept as its name or id.
 */
function placeText(check: Checker, body: Body, key: string, field: string, maxLength: number): string | null | undefined {
  const value = body[key];
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const { name, id } = value as Body;
    const text = typeof name === 'string' && name.trim() !== '' ? name : typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
    if (text === undefined) check.add(field, 'INVALID_TYPE', `${field} is text or a reference with an id or name`, value);
    else if (text.length > maxLength) check.add(field, 'TOO_LONG', `${field} is at most ${maxLength} characters`);
    return text;
  }
  return check.string(body, key, field, { maxLength });
}

/**
 * Checks a create or update body and returns the changes to apply; on create (`current`
 * undefined) the name members are required.
 */
function readCustomer(body: Body, today: string, current?: CustomerRecord): Partial<Editable> {
  const check = new Checker();
  const creating = current === undefined;
  const out: Partial<Editable> = {};
  const name = check.object(body, 'name', 'name', { required: creating });
  if (name === null && !creating) check.add('name', 'REQUIRED', 'name cannot be removed');
  if (name) {
    const required = creating || 'legal_first_name' in name;
    const first = check.string(name, 'legal_first_name', 'name.legal_first_name', { required, maxLength: 100 });
    const last = check.string(name, 'legal_last_name', 'name.legal_last_name', { required: creating || 'legal_last_name' in name, maxLength: 100 });
    const title = check.string(name, 'title', 'name.title', { required: creating || 'title' in name, choices: TITLES });
    const middle = check.string(name, 'legal_middle_name', 'name.legal_middle_name', { maxLength: 100 });
    const common = check.string(name, 'common_name', 'name.common_name', { maxLength: 100 });
    const base = current?.name ?? { legal_first_name: '', legal_middle_name: null, legal_last_name: '', common_name: null, title: '' };
    out.name = {
      legal_first_name: first ?? base.legal_first_name,
      legal_middle_name: middle === undefined ? base.legal_middle_name : middle,
      legal_last_name: last ?? base.legal_last_name,
      common_name: common === undefined ? base.common_name : common,
      title: title ?? base.title,
    };
  }
  const dob = check.date(body, 'date_of_birth', 'date_of_birth', { notAfter: today });
  if (dob !== undefined) out.date_of_birth = dob;
  for (const key of ['place_of_birth', 'nationality', 'medical_notes', 'meal_preference', 'meal_notes'] as const) {
    const value = key === 'nationality' ? placeText(check, body, key, key, 1000) : check.string(body, key, key, { maxLength: 1000 });
    if (value !== undefined) out[key] = value;
  }
  const email = check.string(body, 'account_email', 'account_email', { maxLength: 254 });
  if (typeof email === 'string' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) check.add('account_email', 'INVALID_EMAIL', 'account_email must be an e-mail address', email);
  else if (email !== undefined) out.account_email = email;
  const phones = phoneNumbers(check, check.list(body, 'phone_numbers', 'phone_numbers'), 'phone_numbers');
  if (phones !== undefined) out.phone_numbers = phones;

  const passport = check.object(body, 'passport', 'passport');
  if (passport !== undefined) {
    const base = current?.passport ?? { number: null, issue_date: null, expiry_date: null, place_of_issue: null };
    const number = passport ? check.string(passport, 'number', 'passport.number', { maxLength: 40 }) : null;
    const issue = passport ? check.date(passport, 'issue_date', 'passport.issue_date') : null;
    const expiry = passport ? check.date(passport, 'expiry_date', 'passport.expiry_date') : null;
    const place = passport ? check.string(passport, 'place_of_issue', 'passport.place_of_issue') : null;
    out.passport = {
      number: number === undefined ? base.number : number,
      issue_date: issue === undefined ? base.issue_date : issue,
      expiry_date: expiry === undefined ? base.expiry_date : expiry,
      place_of_issue: place === undefined ? base.place_of_issue : place,
    };
  }
  const address = check.object(body, 'address', 'address');
  if (address !== undefined) {
    const base = current?.address ?? { street: null, city: null, state: null, country: null, postal_zip: null, latitude: null, longitude: null };
    const merged = { ...base };
    for (const key of Object.keys(base) as Array<keyof typeof base>) {
      const value = !address ? null : key === 'state' || key === 'country' ? placeText(check, address, key, `address.${key}`, 200) : check.string(address, key, `address.${key}`, { maxLength: 200 });
      if (value !== undefined) merged[key] = value;
    }
    out.address = merged;
  }
  const contacts = check.object(body, 'emergency_contacts', 'emergency_contacts');
  if (contacts !== undefined) {
    const base = current?.emergency_contacts ?? { first_name: null, last_name: null, phone_numbers: [] };
    const first = contacts ? check.string(contacts, 'first_name', 'emergency_contacts.first_name') : null;
    const last = contacts ? check.string(contacts, 'last_name', 'emergency_contacts.last_name') : null;
    const numbers = contacts ? phoneNumbers(check, check.list(contacts, 'phone_numbers', 'emergency_contacts.phone_numbers'), 'emergency_contacts.phone_numbers') : [];
    out.emergency_contacts = {
      first_name: first === undefined ? base.first_name : first,
      last_name: last === undefined ? base.last_name : last,
      phone_numbers: numbers === undefined ? base.phone_numbers : (numbers ?? []),
    };
  }
  check.done();
  return out;
}

function createCustomer(ctx: RequestContext): Promise<Reply> {
  const fields = readCustomer(objectBody(ctx), isoDate(ctx.nowMs));
  return ctx.store.mutate((_state, tx) => {
    const customer = tx.insert('customers', {
      agency_id: ctx.caller.agency.id,
      agent_id: ctx.caller.agent.id,
      name: fields.name!,
      date_of_birth: fields.date_of_birth ?? null,
      place_of_birth: fields.place_of_birth ?? null,
      nationality: fields.nationality ?? null,
      passport: fields.passport ?? { number: null, issue_date: null, expiry_date: null, place_of_issue: null },
      medical_notes: fields.medical_notes ?? null,
      meal_preference: fields.meal_preference ?? null,
      meal_notes: fields.meal_notes ?? null,
      account_email: fields.account_email ?? null,
      phone_numbers: fields.phone_numbers ?? [],
      emergency_contacts: fields.emergency_contacts ?? { first_name: null, last_name: null, phone_numbers: [] },
      address: fields.address ?? { street: null, city: null, state: null, country: null, postal_zip: null, latitude: null, longitude: null },
    });
    return { status: 201, body: customerView(customer) };
  });
}

/** Spec §2.3 marks only id and href read-only: every member shown is writable but those and date_created and bookings. */
const CUSTOMER_MEMBERS: UpdateMembers = {
  writable: ['name', 'date_of_birth', 'place_of_birth', 'nationality', 'passport', 'medical_notes', 'meal_preference', 'meal_notes', 'account_email', 'phone_numbers', 'emergency_contacts', 'address'],
  fixed: [],
};

function updateCustomer(ctx: RequestContext): Promise<Reply> {
  const body = objectBody(ctx, true);
  // Access first: the body is compared with the customer only for a caller who may see it.
  const check = new Checker();
  checkUnwritable(check, body, customerView(visibleCustomer(ctx, ctx.state, ctx.params.id)), CUSTOMER_MEMBERS, 'a customer');
  check.done();
  return ctx.store.mutate((state, tx) => {
    const customer = visibleCustomer(ctx, state, ctx.params.id);
    if (assignChanged(customer, readCustomer(body, isoDate(tx.nowMs), customer))) tx.emit({ type: 'customers.updated', id: customer.id });
    return { status: 200, body: customerView(customer) };
  });
}

/** References to the bookings the customer travels on (through a service), oldest first. */
function customerBookings(ctx: RequestContext): Reply {
  const customer = visibleCustomer(ctx, ctx.state, ctx.params.id);
  const bookingIds = new Set(
    Object.values(ctx.state.collections.services)
      .filter((s) => s.customer_ids.includes(customer.id))
      .map((s) => s.booking_id),
  );
  const bookings = [...bookingIds].flatMap((id) => ctx.state.collections.bookings[id] ?? []);
  return listRecords(ctx, bookings, (b) => ({ id: b.id, href: href('bookings', b.id) }));
}

export function register(router: Router): void {
  router
    .get('/customers', (ctx) =>
      listRecords(
        ctx,
        Object.values(ctx.state.collections.customers).filter((c) => c.agency_id === ctx.caller.agency.id),
        customerView,
      ),
    )
    .post('/customers', createCustomer)
    .get('/customers/:id', (ctx) => ({ status: 200, body: customerView(visibleCustomer(ctx, ctx.state, ctx.params.id)) }))
    .patch('/customers/:id', updateCustomer)
    .get('/customers/:id/bookings', customerBookings);
}
