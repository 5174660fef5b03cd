import { describe, expect, it } from 'vitest';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();

describe('trek activity get', () => {
  it('shows an activity on a terminal and as the API sends it in a pipe', async () => {
    const terminal = await sandbox.trek(['activity', 'get', '500001'], { tty: true, columns: 80 });
    expect(terminal.code).toBe(0);
    expect(terminal.out()).toMatch(/^NAME +Cooking class in Lima$/m);
    expect(terminal.out()).toMatch(/^WHERE +Lima, Peru$/m);
    expect(terminal.out()).toMatch(/^PRICE +CAD 230\.00$/m);
    const piped = await sandbox.trek(['activity', 'get', '500001']);
    expect(JSON.parse(piped.out())).toEqual(await sandbox.api('GET', '/activities/500001/'));
  });

  it('18 activity get on an activity service id names it and its booking', async () => {
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
    const customer = await sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } });
    const tour = await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: [{ id: customer.id }] });
    const activity = await sandbox.api('POST', '/activity_services/', { booking: { id: booking.id }, product: { id: '500001' }, customers: [{ id: customer.id }] });
    const t = await sandbox.trek(['activity', 'get', activity.id], { tty: true });
    expect(t.code).toBe(2);
    expect(t.err()).toBe(`error: ${activity.id} is an activity service; its activity is 500001\nTry: trek activity get 500001\n`);

    // flex terms wants a departure service: an activity service is named, not "does not exist".
    const terms = await sandbox.trek(['flex', 'terms', activity.id], { tty: true });
    expect(terms.code).toBe(2);
    expect(terms.err()).toBe(`error: ${activity.id} is an activity service on booking ${booking.id}, not a departure service\nTry: trek booking services ${booking.id}\n`);
    expect(tour.id).not.toBe(activity.id);
  });
});
