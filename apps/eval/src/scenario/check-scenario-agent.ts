import { dirname, resolve } from 'node:path';
import type { AgentLoader } from '../agent/create-agent-loader.js';
import { isWithin } from '../agent/is-within.js';
import { listLocalTools, type Agent } from '../agent/define-agent.js';
import type { ScenarioIssue } from './scenario-file-error.js';
import type { Scenario } from './scenario-schema.js';

/** The agent a scenario runs: its module's absolute path and what it exports. */
export interface LoadedAgent {
  file: string;
  agent: Agent;
}

/** A problem with a scenario's agent, at a field of the scenario file or in the agent module itself. */
export type AgentProblem =
  | { kind: 'field'; path: Array<string | number>; target: 'key' | 'value'; message: string }
  | { kind: 'module'; issue: ScenarioIssue };

/**
 * Loads the agent a scenario runs (its `agent`, relative to the file, else the default agent) and checks the
 * scenario against it: each `mockTools` name is a local tool of the agent, a scenario that runs the default
 * agent does not also configure toolloop's own loop, a session agent has a provider type, and only a scenario
 * with a host (`session`, or a session agent, named or the default) restarts it or names its session store.
 */
export async function checkScenarioAgent({
  scenario,
  file,
  defaultAgent,
  loader,
  scope,
}: {
  scenario: Scenario;
  file: string;
  /** Absolute. */
  defaultAgent: string | undefined;
  loader: AgentLoader;
  /**
   * Directories a module must be under to be loaded, besides the scenario file's own; one elsewhere is left
   * unloaded and unchecked (`notLoaded`). Default: load it wherever it is.
   */
  scope?: readonly string[] | undefined;
}): Promise<{ agent: LoadedAgent | undefined; problems: AgentProblem[]; notLoaded?: string }> {
  const named = scenario.agent === undefined ? undefined : resolve(dirname(file), scenario.agent);
  const agentFile = named ?? defaultAgent;
  if (agentFile === undefined) {
    return {
      agent: undefined,
      problems: [
        ...(scenario.mockTools === undefined
          ? []
          : [
              {
                kind: 'field' as const,
                path: ['mockTools'],
                target: 'key' as const,
                message:
                  'mockTools replaces local tools of an agent, and this scenario runs none: add `agent`',
              },
            ]),
        ...(scenario.session === undefined ? findHostFields(scenario) : []),
      ],
    };
  }
  if (named === undefined) {
    const configured = (['system', 'loop', 'session'] as const).filter(
      (field) => scenario[field] !== undefined,
    );
    if (configured.length > 0) {
      return {
        agent: undefined,
        problems: configured.map((field) => ({
          kind: 'field',
          path: [field],
          target: 'key',
          message: `this scenario runs the config file's agent (${agentFile}), which sets its own ${field === 'system' ? 'system prompt' : field === 'loop' ? 'loop options' : 'session config'}; remove \`${field}\``,
        })),
      };
    }
  }
  if (scope !== undefined && !(await isWithin({ file: agentFile, directories: [dirname(file), ...scope] })))
    return { agent: undefined, problems: [], notLoaded: agentFile };
  const loaded = await loader.load(agentFile);
  if (!loaded.success) {
    return {
      agent: undefined,
      problems: [
        loaded.missing && named !== undefined
          ? { kind: 'field', path: ['agent'], target: 'value', message: loaded.issue.message }
          : { kind: 'module', issue: loaded.issue },
      ],
    };
  }
  const { agent } = loaded;
  const localTools = listLocalTools(agent);
  const problems: AgentProblem[] = Object.keys(scenario.mockTools ?? {})
    .filter((name) => !localTools.has(name))
    .map((name) => ({
      kind: 'field',
      path: ['mockTools', name],
      target: 'key',
      message:
        `the agent has no local tool named '${name}'; its local tools: ` +
        (localTools.size > 0
          ? [...localTools.keys()].join(', ')
          : agent.type === 'run'
            ? '(none; a full-form agent declares the tools scenarios may mock in defineAgent({ tools, run }))'
            : '(none)'),
    }));
  if (agent.type !== 'session') problems.push(...findHostFields(scenario));
  if (agent.type === 'session' && scenario.provider === 'xml') {
    problems.push({
      kind: 'field',
      path: ['provider'],
      target: 'value',
      message: 'a session agent runs on a provider type (a wire, or ollama-openai); xml has none',
    });
  }
  return { agent: { file: agentFile, agent }, problems };
}

/** `restart`, `crash`, `idempotent` and `sessionStore`, which only a scenario whose turns run through `SessionManager` may give. */
function findHostFields(scenario: Scenario): AgentProblem[] {
  return [
    ...(scenario.sessionStore === undefined
      ? []
      : [
          {
            kind: 'field' as const,
            path: ['sessionStore'],
            target: 'value' as const,
            message: 'only a session scenario (`session`, or a session agent) keeps its session in a store',
          },
        ]),
    ...(scenario.idempotent === undefined
      ? []
      : [
          {
            kind: 'field' as const,
            path: ['idempotent'],
            target: 'value' as const,
            message:
              'only a session scenario (`session`, or a session agent) has a host to go on with a crashed turn',
          },
        ]),
    ...scenario.turns.flatMap((turn, index) => [
      ...(turn.restart === true
        ? [
            {
              kind: 'field' as const,
              path: ['turns', index, 'restart'],
              target: 'value' as const,
              message: 'only a session scenario (`session`, or a session agent) has a host to restart',
            },
          ]
        : []),
      ...(turn.crash === undefined
        ? []
        : [
            {
              kind: 'field' as const,
              path: ['turns', index, 'crash'],
              target: 'value' as const,
              message: 'only a session scenario (`session`, or a session agent) has a host to crash',
            },
          ]),
    ]),
  ];
}
