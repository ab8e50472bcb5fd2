/** An element of a parsed XML document: its attributes (decoded), child elements and text content. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const name = '[A-Za-z_][\\w.-]*';
const attributePattern = new RegExp(`\\s+(${name})="([^"<]*)"`, 'gy');
const entityPattern = /&(amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);/g;
// What XML 1.0 allows as a character: tab, newline, carriage return, and from space on, minus the surrogates
// and U+FFFE/U+FFFF.
const invalidCharacter = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/**
 * A strict little XML parser for tests: an optional declaration, then one root element with attributes,
 * nested elements and text. Throws on anything malformed (unclosed or mismatched tags, a raw `<` or `&` in
 * text, unquoted attributes, characters XML does not allow), which is what the JUnit tests need to check.
 */
export function parseXml(xml: string): XmlElement {
  const invalid = invalidCharacter.exec(xml);
  if (invalid)
    throw new Error(`Character U+${invalid[0].codePointAt(0)?.toString(16)} is not allowed in XML`);
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let index = 0;
  while (index < body.length) {
    const next = body.indexOf('<', index);
    const text = body.slice(index, next === -1 ? body.length : next);
    if (next === -1 || text.length > 0) {
      appendText(stack.at(-1), text);
      if (next === -1) break;
    }
    index = next;
    if (body.startsWith('</', index)) {
      const match = new RegExp(`</(${name})>`, 'y');
      match.lastIndex = index;
      const closing = match.exec(body);
      const open = stack.pop();
      if (!closing || open?.name !== closing[1]) throw new Error(`Mismatched closing tag at ${index}`);
      index = match.lastIndex;
      continue;
    }
    const opening = new RegExp(`<(${name})`, 'y');
    opening.lastIndex = index;
    const tag = opening.exec(body);
    if (!tag?.[1]) throw new Error(`Malformed tag at ${index}`);
    const element: XmlElement = { name: tag[1], attributes: {}, children: [], text: '' };
    attributePattern.lastIndex = opening.lastIndex;
    let end = opening.lastIndex;
    for (let attribute = attributePattern.exec(body); attribute; attribute = attributePattern.exec(body)) {
      const [, key = '', value = ''] = attribute;
      if (key in element.attributes) throw new Error(`Duplicate attribute ${key} at ${index}`);
      element.attributes[key] = decode(value);
      end = attributePattern.lastIndex;
    }
    const close = /\s*(\/?)>/y;
    close.lastIndex = end;
    const closeMatch = close.exec(body);
    if (!closeMatch) throw new Error(`Malformed tag <${element.name}> at ${index}`);
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else if (root) throw new Error(`A second root element at ${index}`);
    else root = element;
    if (closeMatch[1] !== '/') stack.push(element);
    index = close.lastIndex;
  }
  if (!root || stack.length > 0) throw new Error('Unclosed elements at the end of the document');
  return root;
}

function appendText(element: XmlElement | undefined, text: string): void {
  if (element === undefined) {
    if (text.trim() !== '') throw new Error('Text outside the root element');
    return;
  }
  element.text += decode(text);
}

function decode(text: string): string {
  const withoutEntities = text.replace(entityPattern, '');
  if (withoutEntities.includes('&')) throw new Error(`Raw '&' in text: ${text}`);
  return text.replace(entityPattern, (_, entity: string) => {
    switch (entity) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default:
        return String.fromCodePoint(
          entity.startsWith('#x') ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
        );
    }
  });
}
