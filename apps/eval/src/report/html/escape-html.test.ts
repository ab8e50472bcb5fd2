import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.js';

describe('escapeHtml', () => {
  it('escapes markup and both quotes', () => {
    expect(escapeHtml(`<script>alert("x" + 'y')</script> & co`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot; + &#39;y&#39;)&lt;/script&gt; &amp; co',
    );
  });

  it('makes control characters visible', () => {
    expect(escapeHtml('a\u0000b\u001b[0m')).toBe('a\\u0000b\\u001b[0m');
  });
});
