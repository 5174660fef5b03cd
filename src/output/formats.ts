/** The output formats of -o/--output, apart from the renderers so the root command can list them cheaply. */
export type Format = 'table' | 'json' | 'ndjson' | 'csv' | 'tsv' | 'yaml' | 'xml';
export const FORMATS: readonly Format[] = ['table', 'json', 'ndjson', 'csv', 'tsv', 'yaml', 'xml'];
