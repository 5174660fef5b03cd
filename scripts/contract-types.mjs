// Derives from the contract (openapi/trek.yaml) what trek's code needs of it, at development
// time, so that trek reads no YAML when it runs:
//   src/domain/contract.d.ts      the TypeScript types of every schema and operation (openapi-typescript);
//   src/domain/contract-fields.ts each resource's field paths (what --fields is checked against, and
//                              a group manifest's columns), a request body's required ones, the
//                              values of named enumerations, and the searchable attributes' types
//                              (what --where is checked against).
// `npm run contract:types` writes them; `--check` only reports whether the committed ones are current.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CONTRACT = `${root}openapi/trek.yaml`;
export const TYPES_FILE = `${root}src/domain/contract.d.ts`;
export const FIELDS_FILE = `${root}src/domain/contract-fields.ts`;

const HEADER = '// Generated from openapi/trek.yaml by `npm run contract:types`: edit the contract, not this file.\n';

/** Resources whose field paths trek's commands check --fields against, by schema. */
const RESOURCES = {
  Agency: ['Agency'],
  Agent: ['Agent'],
  Booking: ['Booking'],
  Checkin: ['Checkin'],
  Customer: ['Customer'],
  CustomerCreate: ['CustomerCreate'],
  Fault: ['Fault'],
  Override: ['Override'],
  Payment: ['Payment'],
  SandboxClock: ['SandboxClock'],
  Service: ['DepartureService', 'ActivityService', 'FlexPlanService'],
  WebhookDelivery: ['WebhookDelivery'],
  WebhookEvent: ['WebhookEvent'],
  WebhookSubscription: ['WebhookSubscription'],
};

/** Request bodies whose required field paths trek's commands check before sending, by schema. */
const REQUIRED = ['CustomerCreate'];

/** Named enumerations trek's commands offer or check values from. */
const ENUMS = ['AvailabilityStatus', 'ServiceStatus', 'ServiceType'];

/** Searchable collections (their list operation's x-trek-searchable) and the schema of their results. */
const SEARCHES = { departures: ['listDepartures', 'Departure'], tour_dossiers: ['listTourDossiers', 'TourDossier'], activities: ['listActivities', 'Activity'], bookings: ['listBookings', 'Booking'] };

const SCALARS = { Date: 'date', DateTime: 'datetime', Decimal: 'decimal' };

function generateFields(document) {
  const schemas = document.components.schemas;
  const named = (schema) => schema.$ref?.startsWith('#/components/schemas/') && schema.$ref.slice('#/components/schemas/'.length);
  /** The schema's own alternatives, null left out; allOf parts merged. */
  const resolve = (schema) => {
    const name = named(schema);
    if (name) return resolve(schemas[name]);
    const alternatives = (schema.anyOf ?? schema.oneOf)?.filter((s) => s.type !== 'null');
    if (alternatives?.length === 1) return resolve(alternatives[0]);
    if (schema.allOf) return schema.allOf.map(resolve).reduce((all, part) => ({ ...all, ...part, properties: { ...all.properties, ...part.properties } }), {});
    return schema;
  };
  const propertiesOf = (schema) => resolve(schema).properties ?? {};
  /** Field paths two levels deep: a member, or the members of an object member (its own path is their prefix). */
  const paths = (schema) =>
    Object.entries(propertiesOf(schema)).flatMap(([name, member]) => {
      const nested = Object.keys(propertiesOf(member));
      return nested.length > 0 && resolve(member).type !== 'array' ? nested.map((n) => `${name}.${n}`) : [name];
    });
  const typeOf = (schema) => {
    const name = named(schema) || named((schema.anyOf ?? []).find((s) => s.type !== 'null') ?? {});
    if (name && SCALARS[name]) return SCALARS[name];
    const resolved = resolve(schema);
    if (resolved.enum) return { oneOf: resolved.enum.filter((v) => v !== null) };
    const type = [resolved.type].flat().find((t) => t !== 'null');
    return type === 'integer' ? 'integer' : type === 'boolean' ? 'boolean' : 'text';
  };
  /** The field paths every body must have: a required member, or a required member of a required object member. */
  const requiredPaths = (schema) => {
    const resolved = resolve(schema);
    return (resolved.required ?? []).flatMap((name) => {
      const member = resolved.properties?.[name] ?? {};
      const nested = resolve(member).required ?? [];
      return nested.length > 0 && resolve(member).type !== 'array' ? nested.map((n) => `${name}.${n}`) : [name];
    });
  };
  const at = (schema, path) => path.split('.').reduce((s, part) => propertiesOf(s)[part], schema);
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
  const fields = Object.fromEntries(Object.entries(RESOURCES).map(([resource, names]) => [resource, [...new Set(names.flatMap((n) => paths(schemas[n])))]]));
  const search = Object.fromEntries(
    Object.entries(SEARCHES).map(([collection, [operationId, schema]]) => {
      const attributes = operations.find((o) => o.operationId === operationId)['x-trek-searchable'];
      return [collection, Object.fromEntries(attributes.map((attribute) => [attribute, typeOf(at(schemas[schema], attribute))]))];
    }),
  );
  return (
    `${HEADER}\n` +
    `/** Each resource's field paths (a member, or an object member's members), for checking --fields before a change. */\n` +
    `export const RESOURCE_FIELDS = ${JSON.stringify(fields, null, 2)} as const satisfies Record<string, readonly string[]>;\n\n` +
    `/** The field paths a body must have, in the order of RESOURCE_FIELDS. */\n` +
    `export const REQUIRED_FIELDS = ${JSON.stringify(Object.fromEntries(REQUIRED.map((name) => [name, fields[name].filter((path) => requiredPaths(schemas[name]).includes(path))])), null, 2)} as const satisfies Record<string, readonly string[]>;\n\n` +
    `/** The values of the contract's named enumerations, in its order. */\n` +
    `export const ENUMS = ${JSON.stringify(Object.fromEntries(ENUMS.map((name) => [name, schemas[name].enum])), null, 2)} as const;\n\n` +
    `/** The searchable attributes of each collection (its list operation's x-trek-searchable) and their types. */\n` +
    `export const SEARCH_ATTRIBUTES = ${JSON.stringify(search, null, 2)} as const;\n`
  );
}

/** Both files' text, from the contract as it is now, formatted as Prettier formats the rest of src/. */
export async function generate() {
  const text = readFileSync(CONTRACT, 'utf8');
  const [{ default: openapiTS, astToString }, prettier] = await Promise.all([import('openapi-typescript'), import('prettier')]);
  const options = { ...(await prettier.resolveConfig(FIELDS_FILE)), parser: 'typescript' };
  const types = `${HEADER}${astToString(await openapiTS(text))}`;
  return { [TYPES_FILE]: await prettier.format(types, options), [FIELDS_FILE]: await prettier.format(generateFields(parse(text)), options) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await generate();
  const check = process.argv.includes('--check');
  const stale = Object.keys(files).filter((file) => {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // Not written yet: stale.
    }
    return current !== files[file];
  });
  if (check) {
    if (stale.length > 0) {
      console.error(`stale, run npm run contract:types: ${stale.join(', ')}`);
      process.exitCode = 1;
    }
  } else for (const file of stale) writeFileSync(file, files[file]);
}
