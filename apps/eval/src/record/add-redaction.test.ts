import { describe, expect, it } from 'vitest';
import { addRedaction } from './add-redaction.js';

describe('addRedaction', () => {
  it("adds a scenario's own headers and body fields to the config's, each once", () => {
    expect(
      addRedaction(
        { headers: ['anthropic-beta'], bodyFields: ['metadata.user_id'] },
        { bodyFields: ['system', 'metadata.user_id'] },
      ),
    ).toEqual({ headers: ['anthropic-beta'], bodyFields: ['metadata.user_id', 'system'] });
  });

  it("keeps the config's when the scenario has none, and the scenario's when the config has none", () => {
    const config = { headers: ['x-trace'] };
    expect(addRedaction(config, undefined)).toBe(config);
    expect(addRedaction({}, { headers: ['x-trace'] })).toEqual({ headers: ['x-trace'] });
  });
});
