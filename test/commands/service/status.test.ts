import { describe, expect, it } from 'vitest';
import type { BookedService } from '../../../src/api/resources/services.js';
import { cancellationTarget, canonicalStatus, checkTransition, whyNot } from '../../../src/commands/service/status.js';
import { UsageError } from '../../../src/errors.js';

type State = Pick<BookedService, 'id' | 'type' | 'status' | 'status_transitions' | 'flags'>;
const service = (status: State['status'], transitions: NonNullable<State['status_transitions']>, type: State['type'] = 'departure_services', flags: string[] = []): State => ({
  id: '9',
  type,
  status,
  status_transitions: transitions,
  flags,
});

describe('canonicalStatus', () => {
  it.each([
    ['confirmed', 'Confirmed'],
    ['CANCELLED', 'Cancelled'],
    ['request cancellation', 'Request Cancellation'],
    ['REQUEST_CANCELLATION', 'Request Cancellation'],
    ['on-request', 'On Request'],
    [' Waitlisted ', 'Waitlisted'],
  ])('reads %j as %j', (input, expected) => {
    expect(canonicalStatus(input)).toBe(expected);
  });

  it('lists the statuses for an unknown one', () => {
    expect(() => canonicalStatus('Done')).toThrow(
      new UsageError('unknown status "Done"; use one of: Option, On Request, Request Confirmation, Confirmed, Waitlisted, Expired, Request Cancellation, Cancelled'),
    );
  });
});

describe('checkTransition', () => {
  it('passes a status the service lists', () => {
    expect(() => checkTransition(service('Option', ['Confirmed', 'Expired']), 'Confirmed')).not.toThrow();
  });

  it('explains a missing Confirmed from Option by the unpaid deposit, with what is possible now', () => {
    let error: UsageError | undefined;
    try {
      checkTransition(service('Option', ['Expired']), 'Confirmed');
    } catch (e) {
      error = e as UsageError;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect(error!.message).toBe('cannot move departure service 9 from Option to Confirmed: the deposit has not been paid; confirming an Option needs the deposit paid first (the payment confirms it)');
    expect(error!.hint).toBe('Possible now: Expired.');
  });

  it('says no change is possible when the service lists none', () => {
    expect(() => checkTransition(service('Cancelled', []), 'Option')).toThrow(expect.objectContaining({ hint: 'No status change is possible now.' }));
  });
});

describe('whyNot', () => {
  it('names full payment for a service flagged FULL_PAYMENT_REQUIRED_TO_BOOK', () => {
    expect(whyNot(service('Option', ['Expired'], 'departure_services', ['FULL_PAYMENT_REQUIRED_TO_BOOK']), 'Confirmed')).toContain('needs full payment, more than the deposit');
  });

  it('names the full flex price for a flex plan service: a tour deposit is not enough', () => {
    expect(whyNot(service('Option', ['Expired'], 'flex_plan_services'), 'Confirmed')).toBe(
      'a flex plan service is confirmed by paying the full flex price; a tour deposit alone does not suffice (the payment confirms it)',
    );
  });

  it.each(['Cancelled', 'Request Cancellation'] as const)('never lets a flex plan service go to %s: a manual staff action, non-refundable', (target) => {
    expect(whyNot(service('Confirmed', [], 'flex_plan_services'), target)).toBe(
      "a flex plan service cannot be cancelled through the API: cancelling a confirmed one is a manual action by the operator's staff, and the flex price is 100% non-refundable",
    );
  });

  it('sends an Option to Expired instead of Cancelled', () => {
    expect(whyNot(service('Option', ['Confirmed', 'Expired']), 'Cancelled')).toBe('a service in Option is released, not cancelled: move it to Expired (no cancellation fees)');
  });

  it('points a confirmed service to Request Cancellation', () => {
    expect(whyNot(service('Confirmed', ['Request Cancellation']), 'Cancelled')).toContain('requesting cancellation (Request Cancellation)');
  });

  it('points Request Cancellation to the staff action', () => {
    expect(whyNot(service('Request Cancellation', []), 'Cancelled')).toContain('trek sandbox staff-cancel');
  });

  it('calls Expired and Cancelled final', () => {
    expect(whyNot(service('Expired', []), 'Option')).toBe('Expired is final; nothing follows it');
  });

  it('explains the automatic moves', () => {
    expect(whyNot(service('Waitlisted', ['Expired']), 'Option')).toContain('when a cancellation frees space');
    expect(whyNot(service('Option', ['Expired']), 'On Request')).toContain('REQUEST_SPACE');
    expect(whyNot(service('Option', ['Expired']), 'Waitlisted')).toContain('WAIT_LIST');
    expect(whyNot(service('Confirmed', ['Request Cancellation']), 'Expired')).toBe('only services in Option, On Request or Waitlisted move to Expired');
  });
});

describe('cancellationTarget', () => {
  it('prefers Cancelled, then Request Cancellation, then releasing a hold to Expired, else nothing', () => {
    expect(cancellationTarget(service('Waitlisted', ['Expired', 'Cancelled']))).toBe('Cancelled');
    expect(cancellationTarget(service('Confirmed', ['Request Cancellation', 'Cancelled']))).toBe('Cancelled');
    expect(cancellationTarget(service('Confirmed', ['Request Cancellation']))).toBe('Request Cancellation');
    expect(cancellationTarget(service('Option', ['Confirmed', 'Expired']))).toBe('Expired');
    expect(cancellationTarget(service('Request Confirmation', []))).toBeUndefined();
  });
});
