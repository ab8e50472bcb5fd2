import { defineTool, runToolLoop } from '@toolloop/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as evalPackage from '../index.js';
import { defineAgent, isAgent, listLocalTools, type AgentDefinition } from './define-agent.js';

const lookup = defineTool({
  name: 'lookup',
  inputSchema: z.object({ id: z.string() }),
  execute: ({ id }) => `found ${id}`,
});

describe('defineAgent', () => {
  it('is exported from @toolloop/eval with isAgent and defineConfig', () => {
    expect(evalPackage.defineAgent).toBe(defineAgent);
    expect(evalPackage.isAgent).toBe(isAgent);
    expect(typeof evalPackage.defineConfig).toBe('function');
  });

  it('the declarative form keeps the system prompt, tools and loop options', () => {
    const agent = defineAgent({ system: 'Be brief.', tools: [lookup], loop: { maxRounds: 2 } });

    expect(agent).toEqual({
      type: 'declarative',
      system: 'Be brief.',
      tools: [lookup],
      loop: { maxRounds: 2 },
    });
    expect(isAgent(agent)).toBe(true);
    expect(listLocalTools(agent)).toEqual(new Map([['lookup', lookup]]));
  });

  it('the full form keeps its run and the tools it declares', () => {
    const run: Extract<AgentDefinition, { run: unknown }>['run'] = ({ model, tools, messages, signal }) =>
      runToolLoop({ model, tools, messages, signal });

    expect(defineAgent({ tools: [lookup], run })).toEqual({ type: 'run', tools: [lookup], run });
  });

  it('the session form keeps the host config and the tools', () => {
    expect(defineAgent({ session: { config: { max_tool_calls: 2 }, tools: [lookup] } })).toEqual({
      type: 'session',
      tools: [lookup],
      config: { max_tool_calls: 2 },
    });
  });

  it('a plain object is not an agent', () => {
    expect(isAgent({ type: 'declarative', system: 'x', tools: [], loop: {} })).toBe(false);
    expect(isAgent(undefined)).toBe(false);
  });

  it('refuses a definition that mixes forms, naming the field', () => {
    expect(() => defineAgent({ session: {}, system: 'x' } as unknown as AgentDefinition)).toThrow(
      "Invalid option 'system': defineAgent takes no 'system' beside 'session': the session form takes them from session.config and session.tools.",
    );
  });

  it('refuses something in tools that is not a tool, naming its index', () => {
    expect(() => defineAgent({ tools: [lookup, { name: 'half' }] as never })).toThrow(
      "Invalid option 'tools[1]': defineAgent takes tools from defineTool, or tool sources with listTools and callTool.",
    );
  });

  it('refuses a misspelt loop option, naming it and the nearest valid name', () => {
    expect(() => defineAgent({ loop: { maxRound: 3 } as never })).toThrow(
      "Invalid option 'loop.maxRound': unknown option; did you mean 'loop.maxRounds'?",
    );
  });

  it('refuses a misspelt name inside a loop option that is an object of options', () => {
    expect(() => defineAgent({ loop: { tokenBudget: { perTurns: 1_000 } } as never })).toThrow(
      "Invalid option 'loop.tokenBudget.perTurns': unknown option; did you mean 'loop.tokenBudget.perTurn'?",
    );
  });

  it('refuses in loop what the definition or the runner gives each turn, saying where it goes', () => {
    expect(() => defineAgent({ loop: { system: 'Be brief.' } as never })).toThrow(
      "Invalid option 'loop.system': defineAgent takes system beside loop, not in it: { system, tools, loop }.",
    );
    expect(() => defineAgent({ loop: { signal: AbortSignal.timeout(1) } as never })).toThrow(
      "Invalid option 'loop.signal': defineAgent takes no signal in loop: the runner gives each turn its model, messages, prompt, signal and the session's counts.",
    );
  });

  it('does not suggest in loop a name that belongs elsewhere', () => {
    expect(() => defineAgent({ loop: { sytem: 'Be brief.' } as never })).toThrow(
      "Invalid option 'loop.sytem': unknown option; runToolLoop takes only its own options (ToolLoopOptions): pass them by name rather than spreading an object that holds others.",
    );
  });

  it('refuses an unknown field of the session config when the agent is defined, not when it runs', () => {
    expect(() => defineAgent({ session: { config: { max_round: 3 } as never } })).toThrow(
      "Invalid session.config of defineAgent (1 problem):\n- max_round: unknown field; did you mean 'max_rounds'?",
    );
  });

  it('refuses in the session config a field the runner sets', () => {
    expect(() => defineAgent({ session: { config: { model: 'gpt-5' } as never } })).toThrow(
      "Invalid option 'session.config.model': defineAgent takes no model in session.config: the runner sets type, model, api_key and base_url to reach the fake LLM, and servers are the scenario's.",
    );
  });
});
