/** The output formats of -o/--output, apart from the renderers so the root command can list them cheaply. */
export type Format = 'table' | 'json' | 'ndjson' | 'csv' | 'tsv' | 'yaml' | 'xml';
export const FORMATS: readonly Format[] = ['table', 'json', 'ndjson', 'csv', 'tsv', 'yaml', 'xml'];

/** Whether errors (and every other stderr line) are JSON: -o json|ndjson, or --jq without -o. */
export function isJsonFormat({ output, jq }: { output?: string; jq?: string }): boolean {
  return output === 'json' || output === 'ndjson' || (output === undefined && jq !== undefined);
}
