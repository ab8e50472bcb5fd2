import { describe, expect, it } from 'vitest';
import { parseXml } from './parse-xml.js';

describe('parseXml', () => {
  it('parses elements, decoded attributes and text', () => {
    expect(parseXml('<?xml version="1.0"?>\n<a x="1 &amp; &#10;2"><b/><c>t &lt;&#x41;</c></a>\n')).toEqual({
      name: 'a',
      attributes: { x: '1 & \n2' },
      text: '',
      children: [
        { name: 'b', attributes: {}, children: [], text: '' },
        { name: 'c', attributes: {}, children: [], text: 't <A' },
      ],
    });
  });

  it.each([
    ['a mismatched closing tag', '<a><b></a></b>'],
    ['an unclosed element', '<a><b></b>'],
    ['a raw ampersand', '<a>fish & chips</a>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['an unquoted attribute', '<a x=1/>'],
    ['a raw quote inside an attribute', '<a x="say "hi""/>'],
    ['a control character', '<a>\u001b</a>'],
    ['a second root', '<a/><b/>'],
    ['text outside the root', 'hello <a/>'],
  ])('rejects %s', (_, xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});
