import { beforeAll, describe, expect, it } from 'vitest';
import { collectPages, useSandboxClient } from '../helpers/sandbox-client.js';

const client = useSandboxClient({ size: 300 });

const PEOPLE = [
  { name: { legal_first_name: 'Ann', legal_last_name: 'Lee', title: 'Ms', common_name: 'Annie' }, date_of_birth: '1980-05-01', nationality: 'Canadian', address: { city: 'Toronto' } },
  { name: { legal_first_name: 'Bob', legal_middle_name: 'James', legal_last_name: 'Stone', title: 'Mr' }, date_of_birth: '1975-12-31', address: { city: 'Yorkton' } },
  { name: { legal_first_name: 'Cara', legal_last_name: 'Lee-Smith', title: 'Mx' }, date_of_birth: '1990-01-15', nationality: 'British', address: { city: 'New York City' } },
  { name: { legal_first_name: 'Dan', legal_last_name: "O'Neil", title: 'Mr' }, address: { city: 'York' } },
];

async function firstNames(query: string): Promise<string[]> {
  const answer = await client.get(`/customers/?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.results.map((c: any) => c.name.legal_first_name);
}

beforeAll(async () => {
  for (const person of PEOPLE) expect((await client.post('/customers/', person)).status).toBe(201);
});

describe('search operators', () => {
  it('default: case-insensitive contains, not exact', async () => {
    expect(await firstNames('name.legal_last_name=lee')).toEqual(['Ann', 'Cara']);
    expect(await firstNames('address.city=ORK')).toEqual(['Bob', 'Cara', 'Dan']);
  });

  it('like: contains with * wildcards', async () => {
    expect(await firstNames('name.legal_last_name__like=L*Smith')).toEqual(['Cara']);
    expect(await firstNames('name.legal_last_name__like=l*e')).toEqual(['Ann', 'Cara']);
    expect(await firstNames('address.city__like=new*city')).toEqual(['Cara']);
  });

  it('lt, lte, gt, gte on dates leave out records without a value', async () => {
    expect(await firstNames('date_of_birth__lt=1980-05-01')).toEqual(['Bob']);
    expect(await firstNames('date_of_birth__lte=1980-05-01')).toEqual(['Ann', 'Bob']);
    expect(await firstNames('date_of_birth__gt=1980-05-01')).toEqual(['Cara']);
    expect(await firstNames('date_of_birth__gte=1980-05-01')).toEqual(['Ann', 'Cara']);
  });

  it('in: the parameter repeated, each value an exact case-insensitive match', async () => {
    expect(await firstNames('name.title__in=Mr&name.title__in=mx')).toEqual(['Bob', 'Cara', 'Dan']);
    expect(await firstNames('name.title__in=M')).toEqual([]);
  });

  it('null and notnull take true (false inverts)', async () => {
    expect(await firstNames('nationality__null=true')).toEqual(['Bob', 'Dan']);
    expect(await firstNames('nationality__notnull=true')).toEqual(['Ann', 'Cara']);
    expect(await firstNames('nationality__null=false')).toEqual(['Ann', 'Cara']);
    expect(await firstNames('name.legal_middle_name__notnull=true')).toEqual(['Bob']);
    const bad = await client.get('/customers/?nationality__null=yes');
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]).toMatchObject({ field: 'nationality__null', code: 'INVALID_VALUE' });
  });

  it('phrase: whole words in the given order', async () => {
    expect(await firstNames('address.city__phrase=york city')).toEqual(['Cara']);
    expect(await firstNames('address.city__phrase=City York')).toEqual([]);
    expect(await firstNames('address.city__phrase=york')).toEqual(['Cara', 'Dan']);
  });

  it('combines several attributes with AND', async () => {
    expect(await firstNames('name.legal_last_name=lee&name.title=ms')).toEqual(['Ann']);
    expect(await firstNames('address.city=york&date_of_birth__notnull=true')).toEqual(['Bob', 'Cara']);
  });

  it('compares numbers as numbers, decimal strings included', async () => {
    const all = await collectPages(client, '/departures/?max_per_page=100');
    const spaces = await collectPages(client, '/departures/?availability.spaces_remaining__gte=10&max_per_page=100');
    expect(spaces.map((d) => d.id)).toEqual(all.filter((d) => d.availability.spaces_remaining >= 10).map((d) => d.id));
    expect(spaces.length).toBeGreaterThan(0);
    const cheap = await collectPages(client, '/departures/?prices.CAD__lt=3000&max_per_page=100');
    expect(cheap.map((d) => d.id)).toEqual(all.filter((d) => Number(d.prices.CAD) < 3000).map((d) => d.id));
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.length).toBeLessThan(all.length);
  });

  it('reaches nested attributes with dots, on the catalogue too', async () => {
    const all = await collectPages(client, '/departures/?max_per_page=100');
    const lima = await collectPages(client, '/departures/?nearest_finish_airport.code=lim&availability.status=available&max_per_page=100');
    const expected = all.filter((d) => d.nearest_finish_airport.code === 'LIM' && d.availability.status === 'AVAILABLE');
    expect(lima.map((d) => d.id)).toEqual(expected.map((d) => d.id));
    expect(expected.length).toBeGreaterThan(0);
  });
});

describe('ordering', () => {
  it('orders ascending by default and with __asc, descending with __desc', async () => {
    expect(await firstNames('order_by=name.legal_last_name')).toEqual(['Ann', 'Cara', 'Dan', 'Bob']);
    expect(await firstNames('order_by__asc=name.legal_last_name')).toEqual(['Ann', 'Cara', 'Dan', 'Bob']);
    expect(await firstNames('order_by__desc=name.legal_first_name')).toEqual(['Dan', 'Cara', 'Bob', 'Ann']);
  });

  it('puts records without a value last in both directions', async () => {
    expect(await firstNames('order_by=date_of_birth')).toEqual(['Bob', 'Ann', 'Cara', 'Dan']);
    expect(await firstNames('order_by__desc=date_of_birth')).toEqual(['Cara', 'Ann', 'Bob', 'Dan']);
  });

  it('orders the catalogue combined with a search, across pages', async () => {
    const ordered = await collectPages(client, '/departures/?availability.status=WAIT_LIST&order_by__desc=start_date&max_per_page=10');
    const dates = ordered.map((d) => d.start_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(ordered.every((d) => d.availability.status === 'WAIT_LIST')).toBe(true);
    expect(ordered.length).toBeGreaterThan(10);
  });
});

describe('refused queries', () => {
  it.each([
    ['/customers/?shoe_size=42', 'shoe_size', 'UNKNOWN_ATTRIBUTE'],
    ['/departures/?order_by=colour', 'order_by', 'UNKNOWN_ATTRIBUTE'],
    ['/departures/?start_date__before=2027-01-01', 'start_date__before', 'INVALID_OPERATOR'],
    ['/departures/?start_date__gte=2027-01-01&start_date__lt=2028-01-01', 'start_date', 'DUPLICATE_OPERATOR'],
    ['/departures/?start_date__gte__lt=2027-01-01', 'start_date', 'DUPLICATE_OPERATOR'],
    ['/departures/?name=a&name=b', 'name', 'DUPLICATE_OPERATOR'],
    ['/departures/?order_by=name&order_by__desc=start_date', 'order_by__desc', 'INVALID_ORDER_BY'],
  ])('%s → 400 naming %s', async (path, field, code) => {
    const answer = await client.get(path);
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([expect.objectContaining({ field, code })]);
  });

  it('names the unknown attribute in the message', async () => {
    const answer = await client.get('/departures/?order_by=colour');
    expect(answer.json.message).toContain('colour');
  });
});
