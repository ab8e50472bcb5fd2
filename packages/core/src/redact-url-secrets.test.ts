import { describe, expect, it } from 'vitest';
import { redactUrlSecrets } from './redact-url-secrets.js';

describe('redactUrlSecrets', () => {
  it('redacts the user information of a URL', () => {
    expect(redactUrlSecrets('see https://alice:s3cret@example.com/mcp for tools')).toBe(
      'see https://[redacted]@example.com/mcp for tools',
    );
    expect(redactUrlSecrets('http://ghp_abc123@github.com')).toBe('http://[redacted]@github.com');
  });

  it('redacts secret-looking query and fragment parameters, whatever their case, and keeps the others', () => {
    expect(
      redactUrlSecrets(
        'http://h/p?API_KEY=1&apikey=2&x-api-key=3&token=4&Access_Token=5&client_secret=6&password=7&auth=8&sig=9&page=2#id_token=10&state=ok',
      ),
    ).toBe(
      'http://h/p?API_KEY=[redacted]&apikey=[redacted]&x-api-key=[redacted]&token=[redacted]&Access_Token=[redacted]&client_secret=[redacted]&password=[redacted]&auth=[redacted]&sig=[redacted]&page=2#id_token=[redacted]&state=ok',
    );
  });

  it('recognizes a percent-encoded parameter name', () => {
    expect(redactUrlSecrets('http://h/?api%5Fkey=abc')).toBe('http://h/?api%5Fkey=[redacted]');
  });

  it('leaves the punctuation after a URL in a sentence where it was', () => {
    expect(redactUrlSecrets("MCP server 'a' (http://h/mcp?key=abc) failed.")).toBe(
      "MCP server 'a' (http://h/mcp?key=[redacted]) failed.",
    );
    expect(redactUrlSecrets('at http://u:p@h/x.')).toBe('at http://[redacted]@h/x.');
  });

  it('redacts every URL of a text and leaves text without one unchanged', () => {
    expect(redactUrlSecrets('a ws://u:p@h b "https://h/?token=t" c')).toBe(
      'a ws://[redacted]@h b "https://h/?token=[redacted]" c',
    );
    expect(redactUrlSecrets('no address here: just a key=value')).toBe('no address here: just a key=value');
  });

  it('keeps brackets a URL opened, and drops only those it did not', () => {
    expect(redactUrlSecrets('(http://h/wiki/A_(b)?token=t)')).toBe('(http://h/wiki/A_(b)?token=[redacted])');
    expect(redactUrlSecrets(`http://h${')'.repeat(5)}`)).toBe(`http://h${')'.repeat(5)}`);
  });
});
