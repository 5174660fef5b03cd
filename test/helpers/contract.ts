/**
 * The contract (openapi/trek.yaml) as a checker of exchanges. Compiling its schemas with Ajv
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1) takes seconds, and every test file runs in
 * its own process: so the suite's global setup compiles them once into a standalone module
 * (Ajv's standalone code), cached by the document's hash, and each test file only imports it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const CONTRACT_FILE = fileURLToPath(new URL('../../openapi/trek.yaml', import.meta.url));
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/trek-contract/', import.meta.url));
const CONTRACT_ID = 'trek.yaml';

/** Per path, per method: the validator name of each documented status (null: no body), and of the request body. */
type OperationTable = Record<string, Record<string, { responses: Record<string, string | null>; request: string | null }>>;

interface Validator {
  (data: unknown): boolean;
  errors?: Array<{ instancePath: string; message?: string; params?: unknown }> | null;
}

interface CompiledContract {
  operations: OperationTable;
  validators: Record<string, Validator>;
}

export interface Contract {
  /** The operation for a method and path; null when the contract has no such path or method. */
  operation(method: string, path: string): { path: string; responses: Record<string, string | null>; request: string | null } | null;
  /** Problems of `body` against a named validator; empty when it matches. */
  check(name: string, body: unknown): string[];
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (...segments: string[]) => `#/${segments.map(escape).join('/')}`;
/** XML bodies carry the same members as JSON (spec §2.1): one schema serves both. */
const MEDIA = 'application/json';
export const ERROR_VALIDATOR = 'error';

function segmentsOf(path: string): string[] {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.slice(1).split('/');
}

function compiledFile(): string {
  const hash = createHash('sha256').update(readFileSync(CONTRACT_FILE)).digest('hex').slice(0, 16);
  return join(CACHE_DIR, `validators-${hash}.mjs`);
}

/** Compiles the contract's schemas into a standalone module, unless this version of it already is. */
export async function compileContract(): Promise<string> {
  const file = compiledFile();
  if (existsSync(file)) return file;
  const [{ Ajv2020 }, standalone, { parse }] = await Promise.all([import('ajv/dist/2020.js'), import('ajv/dist/standalone/index.js'), import('yaml')]);
  const document = parse(readFileSync(CONTRACT_FILE, 'utf8')) as { paths: Record<string, Record<string, any>>; components: { responses: Record<string, any> } };
  // Formats are checked by the schemas' own patterns; `x-` members are annotations.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, inlineRefs: false, code: { source: true, esm: true } });
  ajv.addSchema(document, CONTRACT_ID);
  const names: Record<string, string> = {};
  const validator = (pointer: string): string => {
    const name = `v${Object.keys(names).length}`;
    ajv.addSchema({ $id: name, $ref: `${CONTRACT_ID}${pointer}` });
    names[name] = name;
    return name;
  };
  const byResponse = new Map<string, string>();
  const responseValidator = (response: { $ref?: string; content?: Record<string, unknown> }, pointer: string): string | null => {
    const named = response.$ref?.split('/').pop();
    const content = named ? document.components.responses[named].content : response.content;
    if (!content) return null;
    const at = named ? pointerOf('components', 'responses', named, 'content', MEDIA, 'schema') : `${pointer}/content/${escape(MEDIA)}/schema`;
    if (!content[MEDIA]) return null;
    if (!byResponse.has(at)) byResponse.set(at, validator(at));
    return byResponse.get(at)!;
  };
  const operations: OperationTable = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (method === 'parameters') continue;
      const base = pointerOf('paths', path, method);
      const responses = Object.fromEntries(
        Object.entries(operation.responses as Record<string, any>).map(([status, response]) => [status, responseValidator(response, `${base}/responses/${escape(status)}`)]),
      );
      const request = operation.requestBody ? validator(`${base}/requestBody/content/${escape(MEDIA)}/schema`) : null;
      (operations[path] ??= {})[method] = { responses, request };
    }
  }
  ajv.addSchema({ $id: ERROR_VALIDATOR, $ref: `${CONTRACT_ID}#/components/schemas/Error` });
  names[ERROR_VALIDATOR] = ERROR_VALIDATOR;
  // A CommonJS module: its default import is module.exports, the function itself.
  const standaloneCode = standalone.default as unknown as (instance: typeof ajv, refs: Record<string, string>) => string;
  const code = `${standaloneCode(ajv, names)}\nexport const operations = ${JSON.stringify(operations)};\n`;
  mkdirSync(dirname(file), { recursive: true });
  // Written whole, then renamed: a test process never imports half a module.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, code);
  renameSync(partial, file);
  return file;
}

export async function loadContract(): Promise<Contract> {
  const { operations, ...validators } = (await import(pathToFileURL(await compileContract()).href)) as { operations: OperationTable } & Record<string, Validator>;
  return contractOf({ operations, validators });
}

function contractOf({ operations, validators }: CompiledContract): Contract {
  const routes = Object.entries(operations).map(([path, methods]) => ({ path, segments: segmentsOf(path), methods }));
  return {
    operation(method, path) {
      const segments = segmentsOf(path);
      let best: (typeof routes)[number] | null = null;
      let bestLiterals = -1;
      for (const route of routes) {
        if (route.segments.length !== segments.length) continue;
        let literals = 0;
        const matches = route.segments.every((expected, i) => {
          if (expected.startsWith('{')) return true;
          literals++;
          return expected === segments[i];
        });
        if (matches && literals > bestLiterals) {
          best = route;
          bestLiterals = literals;
        }
      }
      const wanted = method === 'HEAD' ? 'get' : method === 'PUT' ? 'patch' : method.toLowerCase();
      const operation = best?.methods[wanted];
      return best && operation ? { path: best.path, ...operation } : null;
    },
    check(name, body) {
      const validate = validators[name];
      if (validate(body)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`.trim());
    },
  };
}
