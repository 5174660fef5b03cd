import { describe, expect, it } from 'vitest';
import { evictForEvents, type EvictionTarget } from '../../src/cache/index.js';
import type { WebhookEvent } from '../../src/domain/webhooks.js';
import type { Factory } from '../../src/factory.js';
import { testFactory } from '../helpers/factory.js';
import { useHostileServers, type HostileServer } from '../helpers/hostile-server.js';
import { catalogueHandler, entryFiles, newCatalogue, requestsTo, trekAt } from './helpers.js';

const servers = useHostileServers();

function event(eventType: string, id: string, href: string): WebhookEvent {
  return { id: `evt-${id}`, event_type: eventType, resource: eventType.split('.')[0], data: { id, href }, created: '2027-01-01T00:00:00Z' };
}

/** The cache of the profile `f` resolves, as `trek webhooks listen --update-cache` names it. */
async function targetOf(f: Factory): Promise<EvictionTarget> {
  const profile = await f.profile();
  return { paths: f.paths(), profile: profile.name, baseUrl: profile.baseUrl };
}

describe('evictForEvents', () => {
  it("evicts the event's item and every cached list of its kind, and nothing else", async () => {
    const catalogue = newCatalogue();
    const server: HostileServer = await servers.start(catalogueHandler(catalogue));
    const trek = trekAt(() => server);
    await trek.run(['search', 'departures', '-o', 'json']);
    await trek.run(['search', 'departures', '--where', 'name=inca', '-o', 'json']);
    await trek.run(['api', 'GET', '/departures/101']);
    await trek.run(['api', 'GET', '/departures/102']);
    expect(entryFiles(trek.home)).toHaveLength(4);

    const t = testFactory({ env: { TREK_HOME: trek.home }, baseUrl: server.url, apiKey: 'key-of-agency-one' });
    const removed = evictForEvents(await targetOf(t.f), [event('departures.updated', '101', `${server.url}/departures/101`)]);
    expect(removed).toBe(3);
    expect(entryFiles(trek.home)).toEqual([expect.stringMatching(/\/departures\.item\.[\w-]{12}\.[\w-]{32}\.json$/)]);

    // The departure sold out: the next search shows it without --refresh; 102 still comes from the cache.
    catalogue.departures[0].availability.status = 'SOLD_OUT';
    const searched = JSON.parse((await trek.run(['search', 'departures', '-o', 'json'])).out);
    expect(searched[0].availability.status).toBe('SOLD_OUT');
    await trek.run(['api', 'GET', '/departures/102']);
    expect(requestsTo(server, 'GET', '/departures/102')).toHaveLength(1);
  });

  it("evicts every API key's answers of the profile, and ignores events about anything but the catalogue", async () => {
    const server: HostileServer = await servers.start(catalogueHandler(newCatalogue()));
    const one = trekAt(() => server, { apiKey: 'key-one' });
    const two = trekAt(() => server, { apiKey: 'key-two', home: one.home });
    await one.run(['api', 'GET', '/departures/101']);
    await two.run(['api', 'GET', '/departures/101']);
    const t = testFactory({ env: { TREK_HOME: one.home }, baseUrl: server.url, apiKey: 'key-one' });
    expect(evictForEvents(await targetOf(t.f), [event('bookings.updated', '200001', '/bookings/200001'), event('services.created', '9', '/departure_services/9')])).toBe(0);
    // A path-relative href, as the spec's examples show them.
    expect(evictForEvents(await targetOf(t.f), [event('departures.updated', '101', '/departures/101')])).toBe(2);
    expect(entryFiles(one.home)).toEqual([]);
  });

  it('an event without a usable href is matched by its resource and id; a malformed one is skipped', async () => {
    const server: HostileServer = await servers.start(catalogueHandler(newCatalogue()));
    const trek = trekAt(() => server);
    await trek.run(['api', 'GET', '/departures/101']);
    const t = testFactory({ env: { TREK_HOME: trek.home }, baseUrl: server.url, apiKey: 'key-of-agency-one' });
    const malformed = { id: 'x', event_type: 'departures.updated', resource: 'departures', data: null } as unknown as WebhookEvent;
    expect(evictForEvents(await targetOf(t.f), [malformed, event('departures.updated', '101', 'http://[bad')])).toBe(1);
  });
});
