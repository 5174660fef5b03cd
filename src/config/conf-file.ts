/**
 * Writes config.json with conf: its schema (CONFIG_SCHEMA, checked by ajv), its atomic write
 * (atomically: a temp file beside it, renamed over it) and its file mode. Called only by the
 * store's update(), inside trek's cross-process lock and after readConfig has checked the
 * folders and the file (the user's alone, not a link): conf itself locks nothing between
 * processes, and its writer follows a link at the file and opens its temp file with 'w', which is
 * safe only in a folder no one else can write to.
 *
 * In its own bundle (dist/conf.cjs, build.mjs): conf and ajv are 300 kB that only writes need.
 */
import Conf from 'conf';
import { CONFIG_SCHEMA, SETTING_KEYWORD, type ConfigFile } from './schema.js';

/** One conf a folder: conf compiles the schema when made, and reads the file afresh on every use. */
const confs = new Map<string, Conf<ConfigFile>>();

function confIn(folder: string, name: string): Conf<ConfigFile> {
  let conf = confs.get(folder);
  if (!conf) {
    conf = new Conf<ConfigFile>({
      cwd: folder,
      configName: name,
      schema: CONFIG_SCHEMA,
      ajvOptions: { keywords: [SETTING_KEYWORD] },
      configFileMode: 0o600,
      // The file trek has always written: two-space JSON and a final newline.
      serialize: (value) => `${JSON.stringify(value, null, 2)}\n`,
      // The file's keys are names (profiles, settings like cache.ttl.departures), never paths.
      accessPropertiesByDotNotation: false,
      // No `defaults`: conf writes them into the file as it opens it, and a key left out means
      // trek's current default (settings.ts), which a later trek may change.
    });
    confs.set(folder, conf);
  }
  return conf;
}

/** Replaces config.json (`name` + .json in `folder`) with `data`, which conf checks against the schema first. */
export function writeConfigFile(folder: string, name: string, data: ConfigFile): void {
  confIn(folder, name).store = data;
}
