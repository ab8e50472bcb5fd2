import { describe, expect, it } from 'vitest';
import { exposeToolNames } from './expose-tool-names.js';

describe('exposeToolNames', () => {
  it('keeps unique names and namespaces the ones two servers share', () => {
    const exposed = exposeToolNames([
      { serverName: 'github', tools: [{ name: 'search' }, { name: 'create_issue' }] },
      { serverName: 'docs', tools: [{ name: 'search' }] },
    ]);

    expect(exposed.map((entry) => [entry.exposedName, entry.serverName, entry.tool.name])).toEqual([
      ['github__search', 'github', 'search'],
      ['create_issue', 'github', 'create_issue'],
      ['docs__search', 'docs', 'search'],
    ]);
  });

  it('makes names the model APIs accept', () => {
    const [entry] = exposeToolNames([{ serverName: 'a', tools: [{ name: `files.read/${'x'.repeat(80)}` }] }]);

    expect(entry?.exposedName).toMatch(/^files_read_x+$/);
    expect(entry?.exposedName).toHaveLength(64);
  });
});
