import type { LoopEvent, ModelRequest, ToolSource } from '@toolloop/core';
import { connectMcpServers, createSamplingHandler, type ElicitationHandler } from '@toolloop/core/mcp';
import type { ConnectServers } from '@toolloop/core/session';
import type { Agent, AgentTool } from '../agent/define-agent.js';
import { toDisplayPath } from '../agent/to-display-path.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { createAgentTools, type AgentTools } from './create-agent-tools.js';
import { createLoopTurnRunner, type TurnRun, type TurnRunner } from './create-loop-turn-runner.js';
import { createRunTurnRunner } from './create-run-turn-runner.js';
import { createScenarioModel, type ModelEndpoint } from './create-scenario-model.js';
import { createSessionTurnRunner } from './create-session-turn-runner.js';
import type { ToolRuns } from './count-tool-runs.js';
import { instrumentModel } from './instrument-model.js';

export type { TurnRun, TurnRunner } from './create-loop-turn-runner.js';

/**
 * How a scenario's turns run: straight through `runToolLoop` (its `loop` options), through `SessionManager`
 * when it has a `session` config, or through the agent it names — declarative, full (its own `run`) or
 * session form, with its local tools (the scenario's `mockTools` in place) before the scenario's servers.
 * Every model request is reported to `onRequest`.
 */
export async function createTurnRunner({
  scenario,
  agent,
  endpoint,
  tools,
  hostServerUrls = {},
  onHostToolsChanged,
  onRequest,
  onElicitation,
  cwd,
  toolRuns,
}: {
  scenario: Scenario;
  agent: Agent | undefined;
  endpoint: ModelEndpoint;
  /** The scenario's servers (their runs counted already). */
  tools: ToolSource[];
  /** Counts the runs of the agent's local tools and of the servers a host connects itself. */
  toolRuns: ToolRuns;
  /** The URL of each server a session's host connects itself (`session.servers`). */
  hostServerUrls?: Record<string, string>;
  /** Told when the client of a server the host connects hears that its tools changed. */
  onHostToolsChanged?: (serverName: string) => void;
  onRequest: (request: ModelRequest) => void;
  onElicitation: ElicitationHandler;
  cwd: string;
}): Promise<TurnRunner> {
  if (agent === undefined) {
    if (scenario.session === undefined) {
      return createLoopTurnRunner({
        model: instrumentModel(await createScenarioModel({ scenario, endpoint }), onRequest),
        system: scenario.system,
        tools,
        loop: scenario.loop ?? {},
        cwd,
      });
    }
    const { servers: hostServers = {}, ...config } = scenario.session;
    // The host's own client of its servers: sampled by the scenario's model, asking the scenario's user, and
    // watched for tool list changes as the runner's is.
    const sampling =
      Object.keys(hostServers).length === 0
        ? undefined
        : createSamplingHandler({ model: await createScenarioModel({ scenario, endpoint }) });
    const connectHostServers: ConnectServers = async (serversConfig, options = {}) =>
      toolRuns.count(
        await connectMcpServers(serversConfig, {
          ...options,
          configureClient: (client) => {
            sampling?.attach(client);
          },
          ...(onHostToolsChanged === undefined ? {} : { onToolsChanged: onHostToolsChanged }),
        }),
      );
    return createSessionTurnRunner({
      scenario,
      baseURL: endpoint.baseURL,
      tools,
      config: {
        ...(scenario.system === undefined ? {} : { system_prompt: scenario.system }),
        ...config,
      },
      connectHostServers,
      onElicitation,
      toolRuns,
      hostServers: Object.fromEntries(
        Object.entries(hostServers).map(([name, { headers }]) => [
          name,
          { url: hostServerUrls[name] ?? '', headers },
        ]),
      ),
      onRequest,
    });
  }
  if (scenario.sessionStore !== undefined && agent.type !== 'session') {
    throw new Error(
      '`sessionStore` needs a session scenario: this agent runs its turns without SessionManager, which keeps no session in a store.',
    );
  }
  const agentTools = await createAgentTools({
    tools: agent.tools,
    mockTools: scenario.mockTools,
    samplingModel: await createScenarioModel({ scenario, endpoint }),
    onElicitation,
    cwd,
  });
  try {
    const runner = await createAgentTurnRunner({
      scenario,
      agent,
      endpoint,
      tools: [...agentTools.tools.map((tool) => toolRuns.count(tool)), ...tools],
      onRequest,
      cwd,
      toolRuns,
    });
    const annotate = (run: TurnRun): TurnRun => ({
      ...run,
      events: annotateToolErrors({ events: run.events, agentTools, cwd }),
    });
    const resumes = runner.resume !== undefined;
    return {
      start: (user, options) => annotate(runner.start(user, options)),
      ...(resumes
        ? {
            resume: (decisions) => {
              const resumed = runner.resume?.(decisions);
              if (resumed === undefined) throw new Error('This agent cannot resume a turn.');
              return annotate(resumed);
            },
            pendingApprovals: async () => runner.pendingApprovals?.(),
          }
        : {}),
      ...(runner.restart === undefined ? {} : { restart: async (servers) => runner.restart?.(servers) }),
      async close() {
        await runner.close();
        await agentTools.close();
      },
    };
  } catch (error) {
    await agentTools.close();
    throw error;
  }
}

async function createAgentTurnRunner({
  scenario,
  agent,
  endpoint,
  tools,
  onRequest,
  cwd,
  toolRuns,
}: {
  scenario: Scenario;
  agent: Agent;
  endpoint: ModelEndpoint;
  tools: AgentTool[];
  onRequest: (request: ModelRequest) => void;
  cwd: string;
  toolRuns: ToolRuns;
}): Promise<TurnRunner> {
  const model = async () => instrumentModel(await createScenarioModel({ scenario, endpoint }), onRequest);
  switch (agent.type) {
    case 'declarative':
      return createLoopTurnRunner({
        model: await model(),
        system: agent.system,
        tools,
        loop: agent.loop,
        cwd,
      });
    case 'run':
      return createRunTurnRunner({ run: agent.run, model: await model(), tools, cwd });
    case 'session':
      return createSessionTurnRunner({
        scenario,
        baseURL: endpoint.baseURL,
        tools,
        config: agent.config,
        onRequest,
        toolRuns,
      });
    default: {
      const unexpected: never = agent;
      throw new Error(`Unknown agent form ${JSON.stringify(unexpected)}`);
    }
  }
}

/** A local tool's error event, with where in the user's code the tool threw (the model saw the same result). */
async function* annotateToolErrors({
  events,
  agentTools,
  cwd,
}: {
  events: AsyncIterable<LoopEvent>;
  agentTools: AgentTools;
  cwd: string;
}): AsyncGenerator<LoopEvent> {
  for await (const event of events) {
    const location =
      event.type === 'error' && event.toolCallId !== undefined
        ? agentTools.whereThrown(event.toolCallId)
        : undefined;
    yield event.type === 'error' && location !== undefined
      ? {
          ...event,
          message: `${event.message} (thrown at ${toDisplayPath({ file: location.file, cwd })}:${location.line})`,
        }
      : event;
  }
}
