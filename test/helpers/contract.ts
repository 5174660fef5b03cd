/**
 * The contract (openapi/trek.yaml) as a checker of exchanges: which operation a method and path
 * are, and whether an answer or a request body matches its schema. Ajv (JSON Schema 2020-12,
 * the dialect of OpenAPI 3.1) compiles each schema once per process, on first use.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';

export const CONTRACT_FILE = fileURLToPath(new URL('../../openapi/trek.yaml', import.meta.url));
const CONTRACT_ID = 'trek.yaml';

interface Operation {
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

interface Route {
  path: string;
  segments: string[];
  operations: Record<string, Operation>;
}

export interface Contract {
  document: Record<string, any>;
  /** The operation for a method and path; null when the contract has no such path or method. */
  operation(method: string, path: string): { path: string; operation: Operation } | null;
  /** Problems of `body` against the schema at a JSON pointer of the document; empty when it matches. */
  check(pointer: string, body: unknown): string[];
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

export function pointerOf(...segments: string[]): string {
  return `#/${segments.map(escape).join('/')}`;
}

function segmentsOf(path: string): string[] {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.slice(1).split('/');
}

export function loadContract(): Contract {
  const document = parse(readFileSync(CONTRACT_FILE, 'utf8')) as Record<string, any>;
  // Formats are checked by the schemas' own patterns; `x-` members are annotations.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(document, CONTRACT_ID);
  const routes: Route[] = Object.entries(document.paths as Record<string, Record<string, Operation>>).map(([path, item]) => ({
    path,
    segments: segmentsOf(path),
    operations: Object.fromEntries(Object.entries(item).filter(([method]) => method !== 'parameters')),
  }));
  const validators = new Map<string, ValidateFunction>();
  return {
    document,
    operation(method, path) {
      const segments = segmentsOf(path);
      let best: Route | null = null;
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
      const operation = best?.operations[wanted];
      return best && operation ? { path: best.path, operation } : null;
    },
    check(pointer, body) {
      let validate = validators.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${CONTRACT_ID}${pointer}` });
        validators.set(pointer, validate);
      }
      if (validate(body)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`.trim());
    },
  };
}

/** The contract of this process, loaded and compiled once (vitest runs many files in one worker). */
export function contract(): Contract {
  const holder = globalThis as { trekContract?: Contract };
  return (holder.trekContract ??= loadContract());
}
