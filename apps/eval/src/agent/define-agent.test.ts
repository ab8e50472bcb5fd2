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
});
