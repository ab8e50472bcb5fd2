import { describe, expect, it } from 'vitest';
import { expandWires } from './expand-wires.js';
import { parseScenarioText } from './load-scenario-file.js';
import { ScenarioFileError, type ScenarioIssue } from './scenario-file-error.js';

const turns = `turns:
  - user: Hi
    llm:
      - text: Hello!
`;

function issuesOf(text: string): Array<Pick<ScenarioIssue, 'path' | 'message'>> {
  try {
    parseScenarioText({ text, file: 'scenarios/example.yaml' });
  } catch (error) {
    if (ScenarioFileError.isInstance(error))
      return error.issues.map(({ path, message }) => ({ path, message }));
    throw error;
  }
  throw new Error('expected the scenario to be invalid');
}

const runs = (text: string) =>
  expandWires({ scenario: parseScenarioText({ text, file: 'x.yaml' }) }).map(({ scenario }) => [
    scenario.name,
    scenario.provider,
    'wires' in scenario,
  ]);

describe('wires', () => {
  it('runs a scenario once per wire named, each named `name [wire]` on that provider', () => {
    expect(runs(`name: hello\nwires: [gemini, openai]\n${turns}`)).toEqual([
      ['hello [gemini]', 'gemini', false],
      ['hello [openai-chat]', 'openai-chat', false],
    ]);
  });

  it('`all` is every wire, in one order', () => {
    expect(runs(`name: hello\nwires: all\n${turns}`).map(([name]) => name)).toEqual([
      'hello [anthropic]',
      'hello [openai-chat]',
      'hello [openai-responses]',
      'hello [gemini]',
      'hello [bedrock]',
      'hello [ollama]',
    ]);
  });

  it('a scenario without wires runs once, on its provider (`openai` naming chat completions)', () => {
    expect(runs(`name: hello\n${turns}`)).toEqual([['hello', 'anthropic', false]]);
    expect(runs(`name: hello\nprovider: openai\n${turns}`)).toEqual([['hello', 'openai-chat', false]]);
  });

  it('refuses wires beside a provider or a model, a wire twice, an unknown wire, and xml for a session', () => {
    expect(issuesOf(`name: a\nwires: [gemini, gemini]\nprovider: anthropic\nmodel: x\n${turns}`)).toEqual([
      { path: 'wires[1]', message: "'gemini' is listed twice" },
      {
        path: 'provider',
        message: '`wires` runs each wire with its default model; remove `provider` (or `wires`)',
      },
      {
        path: 'model',
        message: '`wires` runs each wire with its default model; remove `model` (or `wires`)',
      },
    ]);
    expect(issuesOf(`name: a\nwires: [palm]\n${turns}`)).toEqual([
      {
        path: 'wires[0]',
        message:
          'expected one of anthropic, openai-chat, openai-responses, gemini, bedrock, ollama, ollama-openai, xml (or openai, the same as openai-chat)',
      },
    ]);
    expect(issuesOf(`name: a\nwires: all2\n${turns}`)).toEqual([
      {
        path: 'wires',
        message:
          'expected all, or a list of providers (anthropic, openai-chat, openai-responses, gemini, bedrock, ollama, ollama-openai, xml)',
      },
    ]);
    expect(issuesOf(`name: a\nwires: [anthropic, xml]\nsession: {}\n${turns}`)).toEqual([
      { path: 'wires', message: 'a session config names a provider type; xml has none' },
    ]);
  });
});
