import {
  checkToolLoopOptionNames,
  InvalidArgumentError,
  InvalidConfigError,
  isToolSource,
} from '@toolloop/core/internal';
import type { Message, Model, Tool, ToolLoopOptions, ToolLoopRun, ToolSource } from '@toolloop/core';
import { parseLlmConfig } from '@toolloop/core/internal/session';
import type { LlmConfig } from '@toolloop/core/session';

/** A local tool from `defineTool`, or a tool source of the agent's own. */
export type AgentTool = Tool<unknown> | ToolSource;

/** What the definition gives beside `loop`, and what the runner gives each turn: not in an agent's `loop`. */
const definitionFields = ['system', 'tools'] as const;
const runnerFields = ['model', 'messages', 'prompt', 'signal', 'sessionToolCalls', 'sessionTokens'] as const;

/**
 * The loop options an agent sets: those of `runToolLoop`, less what the runner supplies for each turn (the
 * model, the conversation, the system prompt, the tools and the signal).
 */
export type AgentLoopOptions = Omit<
  ToolLoopOptions,
  (typeof definitionFields)[number] | (typeof runnerFields)[number]
>;

/** The fields of a session config the runner sets, so that the turns reach the fake LLM and the scenario's servers. */
const runnerConfigFields = ['type', 'model', 'api_key', 'base_url', 'servers'] as const;

/** What a system prompt builder gets at the start of each turn. */
export interface AgentSystemContext {
  /** The conversation so far, ending with the user's message of this turn. */
  messages: readonly Message[];
}

/** What a full-form agent's `run` gets for each turn. */
export interface AgentRunContext {
  /** The scenario's model, talking to the fake LLM. */
  model: Model;
  /** The agent's declared `tools` (with the scenario's `mockTools` in place) and the scenario's MCP servers. */
  tools: AgentTool[];
  /** The conversation so far, ending with the user's message of this turn. */
  messages: Message[];
  /** Aborted when the scenario ends; pass it to `runToolLoop`. */
  signal: AbortSignal;
}

/**
 * A host's session config (`LlmConfig`) less what the runner supplies: the provider `type`, `model`, `api_key`
 * and `base_url` point at the fake LLM, and `servers` are the scenario's.
 */
export type AgentSessionConfig = Omit<LlmConfig, (typeof runnerConfigFields)[number]>;

/** The declarative form: the runner builds the loop from the agent's system prompt, tools and loop options. */
export interface DeclarativeAgentDefinition {
  /** The system prompt, or a function that builds it at the start of each turn. */
  system?: string | ((context: AgentSystemContext) => string | Promise<string>);
  /** The agent's local tools (`defineTool`) and tool sources; the scenario's MCP servers come after them. */
  tools?: readonly AgentTool[];
  /** `runToolLoop`'s limits and behaviour, by the same names. */
  loop?: AgentLoopOptions;
  run?: never;
  session?: never;
}

/** The full form: the agent's own wrapper starts each turn and returns the run. */
export interface RunAgentDefinition {
  /** Local tools the runner passes to `run` in `tools`: declare them here so that scenarios can mock them. */
  tools?: readonly AgentTool[];
  /** Starts one turn; return what `runToolLoop` returned. */
  run(context: AgentRunContext): ToolLoopRun | Promise<ToolLoopRun>;
  system?: never;
  loop?: never;
  session?: never;
}

/** The session form: the turns run through `SessionManager` with the agent's host config and tools. */
export interface SessionAgentDefinition {
  session: {
    /** The host's session config, snake_case, as the host passes it to `initializeSession`. */
    config?: AgentSessionConfig;
    /** Local tools and tool sources offered in every session (`SessionManagerOptions.tools`). */
    tools?: readonly AgentTool[];
  };
  system?: never;
  tools?: never;
  loop?: never;
  run?: never;
}

/** What `defineAgent` takes: one of the three forms. */
export type AgentDefinition = DeclarativeAgentDefinition | RunAgentDefinition | SessionAgentDefinition;

/** An assistant under test, as `defineAgent` returns it: a union on `type`, one member per form. */
export type Agent =
  | {
      type: 'declarative';
      system: DeclarativeAgentDefinition['system'];
      tools: readonly AgentTool[];
      loop: AgentLoopOptions;
    }
  | { type: 'run'; tools: readonly AgentTool[]; run: RunAgentDefinition['run'] }
  | { type: 'session'; tools: readonly AgentTool[]; config: AgentSessionConfig };

/** Marks agents; `Symbol.for` so an agent made by another copy of this package is one too. */
const agentMarker = Symbol.for('toolloop.eval.agent');

/**
 * Defines an assistant for scenarios to run (`agent: ./support-agent.ts`, the module's default export): the
 * declarative form (`system`, `tools`, `loop`), the full form (`run`, the agent's own wrapper around
 * `runToolLoop`), or the session form (`session: { config, tools }`, through `SessionManager`). The runner
 * supplies the model speaking to the fake LLM and the scenario's MCP servers. Throws `InvalidArgumentError`
 * when the definition mixes forms, lists something that is not a tool, or names an option `loop` does not take
 * (with the nearest one it does), and `InvalidConfigError` for a session config that does not validate: a
 * typo is refused when the module loads, not ignored.
 *
 * @example
 * export default defineAgent({
 *   system: 'You help customers with their orders.',
 *   tools: [lookupOrder],
 *   loop: { maxRounds: 4 },
 * });
 */
export function defineAgent(definition: AgentDefinition): Agent {
  let agent: Agent;
  try {
    agent = toAgent(definition);
  } catch (error) {
    // The mistake is in the caller's definition: its stack starts at the call, also when core's check found it.
    if (error instanceof Error) Error.captureStackTrace(error, defineAgent);
    throw error;
  }
  Object.defineProperty(agent, agentMarker, { value: true });
  return agent;
}

/** Whether a value is an agent made by `defineAgent`. */
export function isAgent(value: unknown): value is Agent {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[agentMarker] === true
  );
}

/** The local tools (from `defineTool`) among an agent's tools, by name. */
export function listLocalTools(agent: Agent): Map<string, Tool<unknown>> {
  return new Map(agent.tools.flatMap((tool) => (isToolSource(tool) ? [] : [[tool.name, tool] as const])));
}

function toAgent(definition: AgentDefinition): Agent {
  if (typeof definition !== 'object' || (definition as unknown) === null) {
    throw invalid('definition', 'takes an object: { system, tools, loop }, { run } or { session }.');
  }
  const { system, tools, loop, run, session } = definition as Partial<
    Record<'system' | 'tools' | 'loop' | 'run' | 'session', unknown>
  >;
  if (run !== undefined) {
    if (typeof run !== 'function') throw invalid('run', 'takes run as a function that returns the run.');
    rejectWith({ form: 'run', fields: { system, loop, session } });
    return { type: 'run', tools: checkTools('tools', tools), run: run as RunAgentDefinition['run'] };
  }
  if (session !== undefined) {
    if (typeof session !== 'object' || session === null) {
      throw invalid('session', 'takes session as { config, tools }.');
    }
    rejectWith({ form: 'session', fields: { system, tools, loop } });
    const { config = {}, tools: sessionTools } = session as { config?: unknown; tools?: unknown };
    return {
      type: 'session',
      tools: checkTools('session.tools', sessionTools),
      config: checkSessionConfig(config),
    };
  }
  if (system !== undefined && typeof system !== 'string' && typeof system !== 'function') {
    throw invalid('system', 'takes system as a string or a function that returns one.');
  }
  return {
    type: 'declarative',
    system: system as DeclarativeAgentDefinition['system'],
    tools: checkTools('tools', tools),
    loop: checkLoop(loop),
  };
}

/**
 * The agent's `loop`: `runToolLoop`'s options by their names (a misspelt one is refused with the nearest name),
 * less those given beside it or by the runner, which the runner would otherwise override or be overridden by.
 */
function checkLoop(loop: unknown): AgentLoopOptions {
  if (loop === undefined) return {};
  if (typeof loop !== 'object' || loop === null) {
    throw invalid('loop', "takes loop as runToolLoop's options, such as { maxRounds: 4 }.");
  }
  for (const field of definitionFields) {
    if (field in loop)
      throw invalid(`loop.${field}`, `takes ${field} beside loop, not in it: { system, tools, loop }.`);
  }
  for (const field of runnerFields) {
    if (field in loop) {
      throw invalid(
        `loop.${field}`,
        `takes no ${field} in loop: the runner gives each turn its model, messages, prompt, signal and the session's counts.`,
      );
    }
  }
  checkToolLoopOptionNames(loop, { path: 'loop', omit: [...definitionFields, ...runnerFields] });
  return loop;
}

/**
 * The session form's host config, validated as `initializeSession` will (every problem listed by field), when
 * the agent is defined rather than when its first scenario runs; the fields the runner sets are refused.
 */
function checkSessionConfig(config: unknown): AgentSessionConfig {
  if (typeof config !== 'object' || config === null) {
    throw invalid('session.config', 'takes session.config as the host config object (snake_case).');
  }
  for (const field of runnerConfigFields) {
    if (field in config) {
      throw invalid(
        `session.config.${field}`,
        `takes no ${field} in session.config: the runner sets type, model, api_key and base_url to reach the fake LLM, and servers are the scenario's.`,
      );
    }
  }
  try {
    // Stand-ins for the fields the runner sets, which no other field's check depends on.
    parseLlmConfig({ ...config, type: 'openai', model: 'agent-model' });
  } catch (error) {
    if (!InvalidConfigError.isInstance(error)) throw error;
    throw new InvalidConfigError({ subject: 'session.config of defineAgent', issues: error.issues });
  }
  return config;
}

function rejectWith({ form, fields }: { form: 'run' | 'session'; fields: Record<string, unknown> }): void {
  const mixed = Object.keys(fields).filter((name) => fields[name] !== undefined);
  if (mixed.length === 0) return;
  const where =
    form === 'run'
      ? 'the full form builds its own loop: set them inside run'
      : 'the session form takes them from session.config and session.tools';
  throw invalid(
    mixed[0] ?? form,
    `takes no ${mixed.map((name) => `'${name}'`).join(' or ')} beside '${form}': ${where}.`,
  );
}

function checkTools(argument: string, tools: unknown): readonly AgentTool[] {
  if (tools === undefined) return [];
  if (!Array.isArray(tools)) throw invalid(argument, 'takes tools as a list of tools from defineTool.');
  tools.forEach((tool: unknown, index) => {
    if (isToolSource(tool) || isLocalTool(tool)) return;
    throw invalid(
      `${argument}[${index}]`,
      'takes tools from defineTool, or tool sources with listTools and callTool.',
    );
  });
  return tools as AgentTool[];
}

function isLocalTool(value: unknown): value is Tool<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Tool<unknown>>).name === 'string' &&
    typeof (value as Partial<Tool<unknown>>).execute === 'function' &&
    typeof (value as Partial<Tool<unknown>>).validateInput === 'function'
  );
}

function invalid(argument: string, message: string): InvalidArgumentError {
  return new InvalidArgumentError({ argument, message: `defineAgent ${message}` });
}
