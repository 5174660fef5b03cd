/**
 * `incomplete_requirements` of departure and activity services (spec §2.4): the requirements
 * of the customers' checkins (rules/checkins.ts — the same data, so an override or a customer
 * update changes both) that still have incomplete items. All are of type CHECKIN: they block
 * the voucher, never the confirmation (the sandbox has no CONFIRMATION requirements).
 */
import type { ServiceRecord, State } from '../model.js';
import { customerRef, type Wire } from '../refs.js';
import { customerRequirements, findRequirement } from './checkins.js';

export function incompleteRequirements(state: State, service: ServiceRecord): Array<Wire<'IncompleteRequirement'>> {
  const booking = state.collections.bookings[service.booking_id];
  if (!booking) return [];
  return service.customer_ids.flatMap((customerId) => {
    const customer = state.collections.customers[customerId];
    if (!customer) return [];
    return customerRequirements(state, booking, customer)
      .filter((requirement) => requirement.INCOMPLETE.length > 0)
      .map((requirement) => {
        const missing = requirement.INCOMPLETE.map((item) => item.code);
        return {
          type: 'CHECKIN',
          name: requirement.name,
          code: requirement.code,
          requirement_set: findRequirement(requirement.code)?.requirement_set ?? null,
          message: `${requirement.name} incomplete for ${customer.name.legal_first_name} ${customer.name.legal_last_name}: ${missing.join(', ')}`,
          flags: [],
          details: missing.map((code) => ({ summary: code, description: `${code} is missing or not valid for this trip`, detail_type: { code: 'ANY' } })),
          customer: customerRef(customer),
        };
      });
  });
}
