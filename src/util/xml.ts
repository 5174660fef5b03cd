/**
 * The XML dialect trek and the sandbox speak (spec §2.1 allows XML for every body).
 * JSON values map to elements: object members become child elements, arrays become an
 * element with `type="array"` holding one `<item>` per entry, and non-string scalars carry a
 * `type` attribute (integer, decimal, boolean, null) so a document converts back losslessly.
 *
 * fast-xml-parser reads and writes the text; this module only maps its element tree to JSON
 * values and back. Hostile documents fail with XmlParseError: a DOCTYPE (entity declarations:
 * billion laughs, external entities) is refused, nesting deeper than MAX_DEPTH is refused, and
 * the element names `__proto__`, `constructor` and `prototype` are refused by the library.
 */
import { createRequire } from 'node:module';
import type { XMLBuilder, XMLParser } from 'fast-xml-parser';

/** How many levels elements may nest below the root; deeper documents are refused. The API's deepest body has about ten. */
export const MAX_DEPTH = 100;

export class XmlParseError extends Error {
  override name = 'XmlParseError';
}

/** fast-xml-parser's order-preserving tree: `{ [tag]: children, ':@': attributes }` or `{ '#text': text }`. */
type TreeNode = { [tagOrText: string]: TreeNode[] | string | Record<string, string> | undefined; ':@'?: Record<string, string> };

interface Library {
  parser: XMLParser;
  validate: (xml: string) => true | { err: { msg: string; line: number; col?: number } };
  builder: XMLBuilder;
}

/** XML 1.0's Char production: no NUL or other C0 controls but tab and line ends, no lone surrogates. */
const isXmlCharacter = (c: number) => c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);

const PREDEFINED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * XML's own references only: the five predefined entities and character references. The
 * library's default decoder leaves character references alone unless HTML entities are on
 * too, and expands what a DOCTYPE declares; a document that declares any is refused instead.
 */
const xmlReferences = {
  decode: (text: string) =>
    text.replace(/&(?:#x([\da-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g, (reference, hex?: string, decimal?: string, name?: string) => {
      if (name !== undefined) return PREDEFINED_ENTITIES[name];
      const codePoint = parseInt(hex ?? decimal!, hex === undefined ? 10 : 16);
      if (!isXmlCharacter(codePoint)) throw new XmlParseError(`${reference} is not a character XML allows`);
      return String.fromCodePoint(codePoint);
    }),
  addInputEntities: () => {
    throw new XmlParseError('DOCTYPE declarations are not accepted');
  },
  setExternalEntities: () => {},
  reset: () => {},
  setXmlVersion: () => {},
};

let library: Library | undefined;

/**
 * Loaded on first use, and as CommonJS (one file, a few ms) rather than the ES build (dozens of
 * files): fromXml/toXml are synchronous, and only XML bodies and `-o xml` need them.
 */
function xmlLibrary(): Library {
  if (library === undefined) {
    const { XMLParser, XMLBuilder, XMLValidator } = createRequire(import.meta.url)('fast-xml-parser') as typeof import('fast-xml-parser');
    const attributes = { ignoreAttributes: false, attributeNamePrefix: '', preserveOrder: true } as const;
    library = {
      parser: new XMLParser({
        ...attributes,
        parseTagValue: false,
        parseAttributeValue: false,
        trimValues: false,
        ignoreDeclaration: true,
        ignorePiTags: true,
        entityDecoder: xmlReferences,
        maxNestedTags: MAX_DEPTH,
        // Members such as `toString` keep their names: values() defines them as own properties.
        onDangerousProperty: (name: string) => name,
      }),
      validate: (xml) => XMLValidator.validate(xml),
      builder: new XMLBuilder({ ...attributes, format: true, indentBy: '  ', suppressEmptyNode: true }),
    };
  }
  return library;
}

const NAME_RE = /^[A-Za-z_][\w.-]*$/;
/** Member names the parser refuses as element names; written as `<entry key="…">` like non-names. */
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

function element(name: string, value: unknown): TreeNode {
  // Keys that are not XML names (rare: free-form -f fields) keep their text in an attribute.
  const [tag, attributes]: [string, Record<string, string>] = NAME_RE.test(name) && !RESERVED_NAMES.has(name) ? [name, {}] : ['entry', { key: name }];
  const node = (children: TreeNode[], type?: string): TreeNode => ({ [tag]: children, ':@': type === undefined ? attributes : { ...attributes, type } });
  if (value === null || value === undefined) return node([], 'null');
  if (Array.isArray(value))
    return node(
      value.map((item) => element('item', item)),
      'array',
    );
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? node([], 'object') : node(entries.map(([key, member]) => element(key, member)));
  }
  if (typeof value === 'boolean') return node([{ '#text': String(value) }], 'boolean');
  if (typeof value === 'number') return node([{ '#text': String(value) }], Number.isInteger(value) ? 'integer' : 'decimal');
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects and arrays are elements above: only scalars reach this line
  return node([{ '#text': String(value) }]);
}

export function toXml(value: unknown, root = 'response'): string {
  const declaration: TreeNode = { '?xml': [{ '#text': '' }], ':@': { version: '1.0', encoding: 'UTF-8' } };
  return `${xmlLibrary()
    .builder.build([declaration, element(root, value)])
    .trimEnd()}\n`;
}

interface Element {
  name: string;
  attributes: Record<string, string>;
  children: Element[];
  text: string;
}

function elementsOf(nodes: TreeNode[]): { children: Element[]; text: string } {
  const children: Element[] = [];
  let text = '';
  for (const node of nodes) {
    if (typeof node['#text'] === 'string') {
      text += node['#text'];
      continue;
    }
    const name = Object.keys(node).find((key) => key !== ':@')!;
    children.push({ name, attributes: node[':@'] ?? {}, ...elementsOf(node[name] as TreeNode[]) });
  }
  return { children, text };
}

function toValue(node: Element): unknown {
  const type = node.attributes.type;
  if (type === 'null' || node.attributes.nil === 'true') return null;
  if (type === 'array') return node.children.map(toValue);
  if (type === 'object' || node.children.length > 0) {
    // Documents written by others may repeat an element instead of typing an array.
    const members = new Map<string, unknown[]>();
    for (const child of node.children) {
      const key = child.attributes.key ?? child.name;
      const values = members.get(key);
      if (values) values.push(toValue(child));
      else members.set(key, [toValue(child)]);
    }
    // fromEntries defines own properties, as JSON.parse does: a member named `__proto__` or
    // `constructor` is data, never the object's prototype or an inherited function.
    return Object.fromEntries([...members].map(([key, values]) => [key, values.length === 1 ? values[0] : values]));
  }
  const text = node.text.trim() === '' ? '' : node.text;
  if (type === 'integer' || type === 'decimal') return Number(text);
  if (type === 'boolean') return text.trim() === 'true';
  return text;
}

/** Parses a document of the dialect above; returns the root element's value. */
export function fromXml(xml: string): unknown {
  const { parser, validate } = xmlLibrary();
  let document: { children: Element[]; text: string };
  try {
    const valid = validate(xml);
    if (valid !== true) throw new XmlParseError(`${valid.err.msg} (line ${valid.err.line}${valid.err.col === undefined ? '' : `, column ${valid.err.col}`})`);
    document = elementsOf(parser.parse(xml) as TreeNode[]);
  } catch (error) {
    throw error instanceof XmlParseError ? error : new XmlParseError((error as Error).message);
  }
  if (document.children.length !== 1 || document.text.trim() !== '') throw new XmlParseError('an XML document needs exactly one root element');
  return toValue(document.children[0]);
}
