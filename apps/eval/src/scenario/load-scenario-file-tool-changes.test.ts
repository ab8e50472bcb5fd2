import { describe, expect, it } from 'vitest';
import { parseScenarioText } from './load-scenario-file.js';
import { ScenarioFileError } from './scenario-file-error.js';

function errorOf(text: string): string {
  try {
    parseScenarioText({ text, file: 'scenarios/mcp/changes.yaml' });
  } catch (error) {
    if (ScenarioFileError.isInstance(error)) return error.message;
    throw error;
  }
  throw new Error('expected the scenario to be invalid');
}

/** A scenario of two turns whose mock `catalog` has the given `changes` (indented as list items under it). */
function withChanges(changes: string, transport = 'memory'): string {
  return `name: changes
servers:
  catalog:
    transport: ${transport}
    tools:
      - { name: search, responses: [{ text: found }] }
    changes:
${changes}
turns:
  - user: Find it.
    llm: [{ text: Found. }]
  - user: Again.
    llm: [{ text: Found again. }]
`;
}

describe('scenario files: changes of a mock server tool list', () => {
  it('reads changes by call count and by turn', () => {
    const scenario = parseScenarioText({
      text: withChanges(
        [
          '      - after: { calls: 1, tool: search }',
          '        add: [{ name: lookup, responses: [{ text: looked up }] }]',
          '      - { after: { turn: 2 }, remove: [search] }',
        ].join('\n'),
      ),
      file: 'x.yaml',
    });
    expect(scenario.servers?.catalog).toMatchObject({
      changes: [
        { after: { calls: 1, tool: 'search' }, add: [{ name: 'lookup' }] },
        { after: { turn: 2 }, remove: ['search'] },
      ],
    });
  });

  it('refuses to remove a tool the server does not have at that change, naming file, line and path', () => {
    expect(
      errorOf(
        withChanges(
          [
            '      - { after: { calls: 1 }, remove: [search] }',
            '      - { after: { calls: 2 }, remove: [search] }',
          ].join('\n'),
        ),
      ),
    ).toContain(
      "scenarios/mcp/changes.yaml:9:41 servers.catalog.changes[1].remove[0]: Cannot remove 'search': no such tool at this change. Tools: (none).",
    );
  });

  it('refuses an unknown field of a change, naming it', () => {
    expect(errorOf(withChanges('      - { after: { calls: 1 }, remov: [search] }'))).toContain(
      "servers.catalog.changes[0].remov: Unknown field 'remov'.",
    );
  });

  it('refuses a turn the scenario does not have', () => {
    expect(errorOf(withChanges('      - { after: { turn: 3 }, remove: [search] }'))).toContain(
      'servers.catalog.changes[0].after.turn: the scenario has 2 turns; turn 3 never starts',
    );
  });

  it('refuses turn 1, before which the server has offered no tools', () => {
    expect(errorOf(withChanges('      - { after: { turn: 1 }, remove: [search] }'))).toContain(
      'servers.catalog.changes[0].after.turn: at turn 1 the server has not offered its tools yet',
    );
  });

  it('refuses a turn trigger on a stdio mock, which is not told of turns', () => {
    expect(errorOf(withChanges('      - { after: { turn: 2 }, remove: [search] }', 'stdio'))).toContain(
      'servers.catalog.changes[0].after.turn: A stdio server runs in a process of its own that is not told of turns; use after.calls, or transport memory or http.',
    );
  });
});
