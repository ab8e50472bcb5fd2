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

describe('exposeToolNames with names that collide once made valid', () => {
  const namesOf = (exposed: ReturnType<typeof exposeToolNames<{ name: string }>>) =>
    exposed.map((entry) => [entry.exposedName, entry.serverName, entry.tool.name]);

  it('leaves a valid name as it is, and gives the tool whose name was changed a suffix of its own', () => {
    const exposed = exposeToolNames([
      { serverName: 'data', tools: [{ name: 'get.data' }, { name: 'get_data' }] },
    ]);

    expect(namesOf(exposed)).toEqual([
      ['get_data_bfb5d1', 'data', 'get.data'],
      ['get_data', 'data', 'get_data'],
    ]);
  });

  it('lengthens the suffix while the name it makes is taken', () => {
    const exposed = exposeToolNames([
      {
        serverName: 'data',
        tools: [{ name: 'get.data' }, { name: 'get_data' }, { name: 'get_data_bfb5d1' }],
      },
    ]);

    expect(exposed.map((entry) => entry.exposedName)).toEqual([
      'get_data_bfb5d1a',
      'get_data',
      'get_data_bfb5d1',
    ]);
  });

  it('tells apart two names cut at 64 characters', () => {
    const long = 'a'.repeat(70);
    const exposed = exposeToolNames([
      { serverName: 'data', tools: [{ name: `${long}_one` }, { name: `${long}_two` }] },
    ]);

    expect(exposed.map((entry) => entry.exposedName)).toEqual([
      `${'a'.repeat(57)}_243976`,
      `${'a'.repeat(57)}_c62922`,
    ]);
    expect(exposed.every((entry) => entry.exposedName.length === 64)).toBe(true);
  });

  it('gives each tool the same name whatever the order its server lists them in', () => {
    const tools = [{ name: 'get.data' }, { name: 'get/data' }, { name: 'get_data' }, { name: 'other' }];
    const forward = exposeToolNames([{ serverName: 'data', tools }]);
    const backward = exposeToolNames([{ serverName: 'data', tools: [...tools].reverse() }]);

    const byTool = (exposed: typeof forward) =>
      Object.fromEntries(exposed.map((entry) => [entry.tool.name, entry.exposedName]));
    expect(byTool(backward)).toEqual(byTool(forward));
    expect(new Set(forward.map((entry) => entry.exposedName)).size).toBe(4);
  });

  it('tells apart namespaced names that collide, across servers', () => {
    const exposed = exposeToolNames([
      { serverName: 'a', tools: [{ name: 'search' }, { name: 'b__search' }] },
      { serverName: 'a__b', tools: [{ name: 'search' }] },
      { serverName: 'b', tools: [{ name: 'search' }] },
    ]);

    const names = exposed.map((entry) => entry.exposedName);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives a tool with an empty name one the model APIs take (they refuse an empty name)', () => {
    const [exposed] = exposeToolNames([{ serverName: 'odd', tools: [{ name: '' }] }]);

    expect(exposed?.exposedName).toMatch(/^_[0-9a-f]{6}$/u);
  });
});
