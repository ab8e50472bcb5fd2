import { describe, expect, it } from 'vitest';
import { applyScenarioDefaults } from './scenario-defaults.js';

describe('applyScenarioDefaults', () => {
  const defaults = { provider: 'openai-chat' as const, model: 'gpt-5.1-mini' };

  it('fills in the provider and model of a scenario that names neither', () => {
    expect(applyScenarioDefaults({ name: 'a' }, defaults)).toEqual({
      name: 'a',
      provider: 'openai-chat',
      model: 'gpt-5.1-mini',
    });
  });

  it("keeps a scenario's own provider, and then its provider's default model", () => {
    expect(applyScenarioDefaults({ provider: 'anthropic' }, defaults)).toEqual({ provider: 'anthropic' });
    expect(applyScenarioDefaults({ provider: 'openai' }, defaults)).toEqual({
      provider: 'openai',
      model: 'gpt-5.1-mini',
    });
    expect(applyScenarioDefaults({ model: 'gpt-4o' }, defaults)).toEqual({
      provider: 'openai-chat',
      model: 'gpt-4o',
    });
  });

  it('a default model alone applies to scenarios on the default provider, anthropic', () => {
    expect(applyScenarioDefaults({}, { model: 'claude-haiku-4-5' })).toEqual({ model: 'claude-haiku-4-5' });
    expect(applyScenarioDefaults({ provider: 'ollama' }, { model: 'claude-haiku-4-5' })).toEqual({
      provider: 'ollama',
    });
  });

  it("runs a scenario that names neither provider nor wires on the config's wires, with their default models", () => {
    const wires = { wires: ['gemini', 'bedrock'] as ['gemini', 'bedrock'], model: 'gpt-5.1-mini' };
    expect(applyScenarioDefaults({ name: 'a' }, wires)).toEqual({ name: 'a', wires: ['gemini', 'bedrock'] });
    expect(applyScenarioDefaults({ provider: 'anthropic' }, wires)).toEqual({ provider: 'anthropic' });
    expect(applyScenarioDefaults({ wires: 'all' }, defaults)).toEqual({ wires: 'all' });
    // A scenario that names its model runs on one provider, the default one.
    expect(applyScenarioDefaults({ model: 'claude-haiku-4-5' }, wires)).toEqual({
      model: 'claude-haiku-4-5',
    });
  });

  it('leaves a value that is not a mapping for validation to report', () => {
    expect(applyScenarioDefaults(['a'], defaults)).toEqual(['a']);
  });

  it("gives every turn the config's honest default, unless the turn says, and leaves what is not a turn to the schema", () => {
    const turns = [
      { user: 'a' },
      { user: 'b', expect: { text: { contains: 'x' } } },
      { user: 'c', expect: { honest: false } },
      'not a turn',
    ];

    expect(applyScenarioDefaults({ provider: 'anthropic', turns }, { honest: true })).toEqual({
      provider: 'anthropic',
      turns: [
        { user: 'a', expect: { honest: true } },
        { user: 'b', expect: { text: { contains: 'x' }, honest: true } },
        { user: 'c', expect: { honest: false } },
        'not a turn',
      ],
    });
  });
});
