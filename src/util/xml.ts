/**
 * The XML dialect trek and the sandbox speak (spec §2.1 allows XML for every body).
 * JSON values map to elements: object members become child elements, arrays become an
 * element with `type="array"` holding one `<item>` per entry, and non-string scalars carry a
 * `type` attribute (integer, decimal, boolean, null) so a document converts back losslessly.
 */

const NAME_RE = /^[A-Za-z_][\w.-]*$/;

function escapeText(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

function element(name: string, value: unknown, indent: string): string {
  // Keys that are not XML names (rare: free-form -f fields) keep their text in an attribute.
  const [tag, attr] = NAME_RE.test(name) ? [name, ''] : ['entry', ` key="${escapeText(name)}"`];
  if (value === null || value === undefined) return `${indent}<${tag}${attr} type="null"/>`;
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}<${tag}${attr} type="array"/>`;
    const items = value.map((v) => element('item', v, indent + '  ')).join('\n');
    return `${indent}<${tag}${attr} type="array">\n${items}\n${indent}</${tag}>`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return `${indent}<${tag}${attr} type="object"/>`;
    const children = entries.map(([k, v]) => element(k, v, indent + '  ')).join('\n');
    return `${indent}<${tag}${attr}>\n${children}\n${indent}</${tag}>`;
  }
  if (typeof value === 'boolean') return `${indent}<${tag}${attr} type="boolean">${value}</${tag}>`;
  if (typeof value === 'number') {
    const type = Number.isInteger(value) ? 'integer' : 'decimal';
    return `${indent}<${tag}${attr} type="${type}">${value}</${tag}>`;
  }
  return `${indent}<${tag}${attr}>${escapeText(String(value))}</${tag}>`;
}

export function toXml(value: unknown, root = 'response'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, value, '')}\n`;
}

export class XmlParseError extends Error {
  override name = 'XmlParseError';
}

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (m, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? m;
  });
}

function parseTree(xml: string): Node {
  const root: Node = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: Node[] = [root];
  const tagRe = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tagRe.exec(xml); m; m = tagRe.exec(xml)) {
    const between = xml.slice(last, m.index);
    if (between.includes('<')) throw new XmlParseError(`malformed XML near offset ${last}`);
    stack[stack.length - 1]!.text += decode(between);
    last = tagRe.lastIndex;
    if (m[1] !== undefined) {
      stack[stack.length - 1]!.text += m[1];
      continue;
    }
    const [, , closing, name, rawAttrs, selfClosing] = m;
    if (!name) continue; // comment, declaration, doctype
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name || stack.length === 0) throw new XmlParseError(`unexpected </${name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (rawAttrs ?? '').matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attrs[a[1]!] = decode(a[2] ?? a[3] ?? '');
    }
    const node: Node = { name, attrs, children: [], text: '' };
    stack[stack.length - 1]!.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  if (xml.slice(last).includes('<')) throw new XmlParseError(`malformed XML near offset ${last}`);
  if (stack.length !== 1) throw new XmlParseError(`unclosed <${stack[stack.length - 1]!.name}>`);
  if (root.children.length !== 1) throw new XmlParseError('an XML document needs exactly one root element');
  return root.children[0]!;
}

function toValue(node: Node): unknown {
  const type = node.attrs.type;
  if (type === 'null' || node.attrs.nil === 'true') return null;
  if (type === 'array') return node.children.map(toValue);
  if (type === 'object' || node.children.length > 0) {
    // Documents written by others may repeat an element instead of typing an array.
    const obj: Record<string, unknown> = {};
    const repeated = new Set<string>();
    for (const child of node.children) {
      const key = child.attrs.key ?? child.name;
      const value = toValue(child);
      if (!(key in obj)) obj[key] = value;
      else if (repeated.has(key)) (obj[key] as unknown[]).push(value);
      else {
        obj[key] = [obj[key], value];
        repeated.add(key);
      }
    }
    return obj;
  }
  const text = node.text.trim() === '' ? '' : node.text;
  if (type === 'integer' || type === 'decimal') return Number(text);
  if (type === 'boolean') return text.trim() === 'true';
  return text;
}

/** Parses a document of the dialect above; returns the root element's value. */
export function fromXml(xml: string): unknown {
  return toValue(parseTree(xml));
}
