/**
 * The layout of config.json, stated once as a JSON Schema: conf validates every write against it
 * (with ajv, conf-file.ts) and readConfig checks every read against it here, without conf.
 * Measured on Node 24 (dist/conf.cjs, best of 8): loading conf and compiling the schema with ajv
 * takes several times as long as a whole `node -e 0` (~300 ms against 47 ms on a loaded machine),
 * when the start-up targets allow a command 0.3–1.5 times that in all. Every command reads its
 * settings, so reads walk the same schema with checkConfigShape below, and only writes (rare,
 * under the lock) load conf.
 */
import { BUILTIN_SANDBOX_PROFILE } from './profile-name.js';
import { checkSettingValue, SETTING_KEYS, type SettingKey } from './settings.js';

/** One named profile as stored in config.json. */
export interface ProfileRecord {
  base_url?: string;
  api_key?: string;
  auth_header?: string;
  output?: string;
  agency?: string;
}

export const PROFILE_FIELDS = ['base_url', 'api_key', 'auth_header', 'output', 'agency'] as const satisfies ReadonlyArray<keyof ProfileRecord>;

/** The layout of config.json. Unknown keys are kept as they are (a newer trek may have written them). */
export interface ConfigFile {
  current_profile?: string;
  profiles?: Record<string, ProfileRecord>;
  settings?: Partial<Record<SettingKey, string>>;
}

/** The part of JSON Schema the config's schema uses, plus `setting`, trek's keyword for a setting's value. */
export interface SchemaNode {
  type?: 'object' | 'string';
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode;
  /** Names a key may not take (the built-in profile's). */
  propertyNames?: { not: { const: string } };
  /** The value must be one `trek config set` accepts for that setting (src/config/settings.ts). */
  setting?: SettingKey;
}

const text: SchemaNode = { type: 'string' };

/**
 * conf's `schema` (the top-level object's properties). Keys the schema does not name are allowed
 * at every level, as JSON Schema allows them by default: a newer trek may have written them.
 */
export const CONFIG_SCHEMA = {
  current_profile: text,
  profiles: {
    type: 'object',
    propertyNames: { not: { const: BUILTIN_SANDBOX_PROFILE } },
    additionalProperties: { type: 'object', properties: Object.fromEntries(PROFILE_FIELDS.map((field) => [field, text])) },
  },
  settings: { type: 'object', properties: Object.fromEntries(SETTING_KEYS.map((key) => [key, { type: 'string', setting: key }])) },
} as const satisfies Record<string, SchemaNode>;

/** `setting` for ajv (conf's `ajvOptions.keywords`): the same check as the read path's. */
export const SETTING_KEYWORD = {
  keyword: 'setting',
  type: 'string',
  schemaType: 'string',
  validate: (key: SettingKey, value: string) => !('problem' in checkSettingValue(key, value)),
} as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Throws an Error naming the first entry of `value` (at `path`) that `node` refuses. */
function check(value: unknown, node: SchemaNode, path: string): void {
  if (node.type === 'object' && !isPlainObject(value)) throw new Error(path ? `"${path}" must be an object` : 'the top level must be a JSON object');
  if (node.type === 'string' && typeof value !== 'string') throw new Error(`"${path}" must be a string`);
  if (node.setting) {
    const checked = checkSettingValue(node.setting, value as string);
    if ('problem' in checked) throw new Error(`the setting ${checked.problem}`);
  }
  if (!isPlainObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (node.propertyNames && key === node.propertyNames.not.const) throw new Error(`"${at}" uses the name of the built-in profile; rename it`);
    const sub = node.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : node.additionalProperties;
    if (sub) check(child, sub, at);
  }
}

/**
 * Checks a parsed config.json against CONFIG_SCHEMA, so a hand-edited file fails here with a
 * message naming the entry rather than later with a confusing one. Unknown keys are left alone.
 */
export function checkConfigShape(value: unknown): ConfigFile {
  check(value, { type: 'object', properties: CONFIG_SCHEMA }, '');
  return value as ConfigFile;
}
