import { scenarioJudgeSchema } from '../judge/judge-schema.js';
import { simulateSchema } from '../side/simulate-schema.js';
import { mockServerSpecSchema } from '@toolloop/mock-mcp/internal';
import { findCatalogueModel } from '@toolloop/models';
import { z } from 'zod';
import { approvalSchema } from './approval-schema.js';
import { expectationSchema } from './expectation-schema.js';
import { llmStepSchema } from './llm-step-schema.js';
import { loopOptionsSchema } from './loop-options-schema.js';
import { redactionSchema } from './redaction-schema.js';
import { serverSecretsByNameSchema, sessionConfigSchema } from './session-config-schema.js';
import { scenarioProviderSchema, wireNames, wiresSchema, type ScenarioProvider } from './wires.js';

/** A mock server tool's `responses`, the very schema (mock-mcp exports the server's schema, of which it is part). */
const mockResponsesSchema = mockServerSpecSchema.in.shape.tools.element.shape.responses;

/** Which MCP protocol revision a real server is spoken to in. */
const protocolSchema = z
  .enum(['auto', '2025-11-25', '2026-07-28'])
  .optional()
  .describe(
    'The MCP protocol revision to speak: `auto` (the default) asks the server and speaks 2026-07-28 when it offers it, 2025-11-25 otherwise; a revision named is the only one tried, and a server that does not speak it fails to start, saying so.',
  );

/** A real MCP server the scenario starts: a command (stdio) or a URL (streamable HTTP). */
const commandServerSchema = z.strictObject({
  command: z.string().min(1).describe('The program that runs the server over stdio.'),
  args: z.array(z.string()).optional().describe("The program's arguments."),
  env: z
    .record(z.string(), z.string())
    .optional()
    .describe('Environment variables added to the minimal environment the process gets.'),
  cwd: z
    .string()
    .optional()
    .describe(
      "Where the process starts, relative to the scenario file's directory (the default), where relative paths in command and args start too.",
    ),
  maxMessageBytes: z
    .int()
    .positive()
    .optional()
    .describe(
      'The longest message the server may send, in bytes: a longer one fails the calls under way, naming the size, and the server is started again. Default: 10485760 (10 MiB).',
    ),
  protocol: protocolSchema,
});
const urlServerSchema = z.strictObject({
  url: z.url().describe("The server's streamable HTTP endpoint."),
  headers: z.record(z.string(), z.string()).optional().describe('Headers sent with every request.'),
  protocol: protocolSchema,
});

/** A server is a mock when it has `tools`, else a command or a URL. */
const serverSchema = z.union([mockServerSpecSchema, commandServerSchema, urlServerSchema]);

const elicitAnswerSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('accept').describe('The user filled in the form (or opened the URL) and went on.'),
    content: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
      .optional()
      .describe("The form's values; a field left out takes the schema's default."),
  }),
  z.strictObject({ action: z.literal('decline').describe('The user said no.') }),
  z.strictObject({
    action: z.literal('cancel').describe('The user dismissed the request without choosing.'),
  }),
]);

/** The tool of a `crash` at a call's start or end. */
const crashToolSchema = z
  .string()
  .min(1)
  .optional()
  .describe('The tool whose call ends the host; default: the first call.');

const turnSchema = z.strictObject({
  user: z
    .string()
    .optional()
    .describe(
      "The user's message that starts the turn. Leave it out to continue the turn before, which stopped with approval_required, with this turn's `approvals`.",
    ),
  restart: z
    .literal(true)
    .optional()
    .describe(
      'Restart the host before this turn: a new SessionManager over the same store, which reads the session back (session scenarios only; the store is `sessionStore`).',
    ),
  reopen: z
    .strictObject({
      servers: serverSecretsByNameSchema.describe(
        'New headers for servers of `session.servers`, by name, such as a rotated token; those not named keep theirs.',
      ),
    })
    .optional()
    .describe(
      'Before this turn the host closes its open sessions (dispose) and reopens this one with new server secrets (resumeSession with servers), as a host does when a token was rotated. Session scenarios whose `session.servers` names the server only.',
    ),
  approvals: z
    .array(approvalSchema)
    .optional()
    .describe(
      'The answers to tool calls that wait for approval in this turn; the turn resumes each time every waiting call has one.',
    ),
  llm: z
    .array(llmStepSchema)
    .default([])
    .describe(
      "The fake LLM's answers in this turn, one per model request, in order. Default []: a scenario written for live runs, answered by the real model or by its recording.",
    ),
  abort: z
    .strictObject({
      on: z
        .enum(['status', 'thinking', 'content', 'tool-start', 'tool-result'])
        .describe('The event type at whose first occurrence the turn is aborted.'),
      tool: z
        .string()
        .min(1)
        .optional()
        .describe('With tool-start or tool-result: only an event of this tool counts.'),
    })
    .optional()
    .describe(
      "Abort the turn, as a host's cancel would, at the first event of this type (of this tool, when given).",
    ),
  crash: z
    .discriminatedUnion('at', [
      z.strictObject({
        at: z
          .literal('tool-started')
          .describe(
            'The host ends while a call of the tool runs: the tool ran, and its result never reached the session (its start is in the tool journal, its end is not).',
          ),
        tool: crashToolSchema,
      }),
      z.strictObject({
        at: z
          .literal('tool-finished')
          .describe(
            "The host ends once a call of the tool has finished and its result is saved in the session's tool journal, before the model sees it.",
          ),
        tool: crashToolSchema,
      }),
      z.strictObject({
        at: z
          .literal('mid-stream')
          .describe(
            "The host ends while the model's answer streams, after its first part: the new host sends that request again, so `llm` answers it twice.",
          ),
        round: z
          .int()
          .positive()
          .optional()
          .describe("The round (the turn's model request, 1 first) whose answer is cut; default 1."),
      }),
    ])
    .optional()
    .describe(
      "End the host at this point of the turn, as a crash would: it saves nothing more and its lease is left to run out. A new host over the same store takes the session's lease and goes on with the turn from its last checkpoint (continueTurnStream); the turn's result is the new host's (session scenarios only).",
    ),
  elicit: z
    .array(elicitAnswerSchema)
    .optional()
    .describe(
      "The user's answers, in order, when a server asks for input during a tool call (MCP elicitation).",
    ),
  simulate: simulateSchema
    .optional()
    .describe(
      'A model plays the user from here on, turn after turn, until a judge finds its goal reached, it gives up, or `maxTurns`: { persona, goal, until, maxTurns, model }, and in a scripted run `script`, its messages. Only the last turn; `llm` then answers every simulated turn, `expect` holds for each, `simulate.expectLast` for the last.',
    ),
  expect: expectationSchema.optional().describe('What the turn must have done.'),
});

/** A scripted stand-in for one of the agent's local tools: a mock server tool's `responses`. */
const mockToolSchema = z.strictObject({
  responses: mockResponsesSchema
    .min(1)
    .describe(
      "Tried in order for each call, as a mock server tool's: the first that is not used up and whose match fits answers.",
    ),
});

/** The fields that configure toolloop's own loop, which an agent scenario leaves to its agent. */
/** Whether either API serves a model by this id (the model catalogue). */
function isServedModel(id: string): boolean {
  return (
    findCatalogueModel({ api: 'anthropic-messages', id }) !== undefined ||
    findCatalogueModel({ api: 'openai-chat-completions', id }) !== undefined
  );
}

/** A model the fake LLM serves to one scenario, with the limits it holds requests to. */
const fakeLlmModelSchema = z
  .strictObject({
    id: z.string().min(1).describe("The model id the scenario's requests name."),
    like: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A model the API serves whose limits this one takes (such as claude-sonnet-4-6 or gpt-5). Default: a current mid-range model of the API.',
      ),
    contextWindow: z
      .int()
      .positive()
      .optional()
      .describe('The most prompt tokens a request may carry (the fake estimates four characters a token).'),
    maxOutputTokens: z.int().positive().optional().describe('The most output tokens a request may ask for.'),
    thinking: z
      .enum(['none', 'manual', 'adaptive', 'adaptive-only', 'reasoning-effort'])
      .optional()
      .describe(
        'How the model takes thinking: none, manual (a budget), adaptive (adaptive or a budget), adaptive-only, reasoning-effort (chat completions).',
      ),
  })
  .describe('A model the fake LLM serves to this scenario.');

const loopFields = ['system', 'loop', 'session'] as const;

/** One scenario file (format version 1, described in docs/scenario-format.md). Unknown fields are errors. */
export const scenarioSchema = z
  .strictObject({
    name: z.string().min(1).describe("The scenario's name in reports; unique in the run."),
    description: z.string().optional().describe('What the scenario proves.'),
    tags: z.array(z.string().min(1)).optional().describe('Topics that --tag selects on.'),
    provider: scenarioProviderSchema
      .optional()
      .describe(
        "The provider that talks to the fake LLM: a wire (anthropic, openai-chat, openai-responses, gemini, bedrock, ollama), ollama-openai (Ollama's OpenAI-compatible /v1 layer) or xml (a text-only model with XML tool blocks); openai is openai-chat. Default: anthropic.",
      ),
    wires: wiresSchema
      .optional()
      .describe(
        "Run the scenario once on each of these providers (or `all`: every wire), each reported as its own scenario, `name [wire]`, with the wire's default model. Instead of `provider`.",
      ),
    model: z
      .string()
      .min(1)
      .optional()
      .describe(
        "The model id sent in every request; it decides how thinking is sent. Default: the provider's (with `wires`, each wire's).",
      ),
    models: z
      .array(fakeLlmModelSchema)
      .optional()
      .describe(
        "Models the fake LLM serves to this scenario besides those the API serves today (it answers any other model with the API's 404): a retired model, a fine-tuned one, a proxy's own name.",
      ),
    agent: z
      .string()
      .min(1)
      .optional()
      .describe(
        "The assistant under test: a module (TypeScript or JavaScript, relative to this file) whose default export is made by defineAgent. Default: the config file's agent.",
      ),
    mockTools: z
      .record(z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "letters, digits, '_' and '-' only"), mockToolSchema)
      .optional()
      .describe(
        "The agent's local tools to replace with scripted responses, by name (for tools with side effects).",
      ),
    system: z.string().optional().describe('The system prompt.'),
    loop: loopOptionsSchema.optional().describe("The core loop's options."),
    session: sessionConfigSchema
      .optional()
      .describe('Run the turns through SessionManager with this host config (snake_case) instead of `loop`.'),
    redact: redactionSchema
      .optional()
      .describe(
        "What this scenario's recordings leave out, on top of the config's `redact`: request headers, and body fields (left out of the drift check too), such as a system prompt that holds today's date.",
      ),
    sessionStore: z
      .enum(['memory', 'file', 'postgres'])
      .optional()
      .describe(
        "Where the host keeps the session (session scenarios only): 'memory', one in-memory store that every host of the scenario shares (a restarted host reads it back from there); 'file', a file store in a directory of the run's own; 'postgres', a Postgres store in a schema of the run's own, in the database of the TOOLLOOP_EVAL_POSTGRES_URL environment variable, dropped at the end. Default: file when a turn restarts the host or crashes it, else the host's own memory.",
      ),
    idempotent: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .describe(
        "The tools the host may run again when it goes on with a turn whose call of them started and never finished (SessionManager's `idempotent`; session scenarios only). Others are answered 'Interrupted'.",
      ),
    judge: scenarioJudgeSchema
      .optional()
      .describe(
        "The model that grades the turns with `expect.judge`: { provider, model, prompt }, and in a scripted run `script`, the fake LLM's answers to the judges ({ score, reasons } each, in order).",
      ),
    servers: z
      .record(z.string().regex(/^[a-zA-Z0-9_-]+$/, "letters, digits, '_' and '-' only"), serverSchema)
      .optional()
      .describe('MCP servers by name: a mock (it has tools), a command (stdio) or a URL (streamable HTTP).'),
    turns: z.array(turnSchema).min(1).describe('The user turns of one conversation, run in order.'),
    skip: z.boolean().optional().describe('Do not run it; report it as skipped.'),
    only: z.boolean().optional().describe('Run only the scenarios that have only: true.'),
  })
  .superRefine((scenario, context) => {
    if (scenario.agent !== undefined) {
      for (const field of loopFields.filter((name) => scenario[name] !== undefined)) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `the agent sets its own ${field === 'system' ? 'system prompt' : field === 'loop' ? 'loop options' : 'session config'}; remove \`${field}\` (or \`agent\`)`,
        });
      }
    }
    if (scenario.session !== undefined && scenario.loop !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['loop'],
        message: 'give the limits in `session` (snake_case) or in `loop`, not both',
      });
    }
    checkSimulatedTurn({ turns: scenario.turns, context });
    for (const [index, turn] of scenario.turns.entries()) {
      if (turn.simulate !== undefined) continue;
      if (turn.user === undefined && (index === 0 || turn.approvals === undefined)) {
        context.addIssue({
          code: 'custom',
          path: ['turns', index, 'user'],
          message:
            index === 0
              ? 'the first turn needs a user message'
              : 'give a user message, or `approvals` to continue the turn before',
        });
      }
    }
    for (const [index, turn] of scenario.turns.entries()) {
      if (turn.crash === undefined) continue;
      if (turn.abort !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['turns', index, 'crash'],
          message: 'a turn ends by `abort` or by `crash`, not both',
        });
      if (turn.user === undefined)
        context.addIssue({
          code: 'custom',
          path: ['turns', index, 'crash'],
          message: 'a crash ends a turn that starts with a user message; this turn continues a paused one',
        });
      if (turn.approvals !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['turns', index, 'crash'],
          message:
            'a crash ends a turn before any pause for approval; give the turn `crash` or `approvals`, not both',
        });
    }
    checkTurnChanges({ servers: scenario.servers ?? {}, turns: scenario.turns.length, context });
    checkHostServers({ scenario, context });
    const modelIds = new Set<string>();
    for (const [index, model] of (scenario.models ?? []).entries()) {
      if (modelIds.has(model.id)) {
        context.addIssue({
          code: 'custom',
          path: ['models', index, 'id'],
          message: `'${model.id}' is listed twice`,
        });
      }
      modelIds.add(model.id);
      if (model.like !== undefined && !isServedModel(model.like)) {
        context.addIssue({
          code: 'custom',
          path: ['models', index, 'like'],
          message: `'${model.like}' is no model the APIs serve (such as claude-sonnet-4-6 or gpt-5)`,
        });
      }
    }
    if (scenario.wires !== undefined) {
      for (const field of ['provider', 'model'] as const) {
        if (scenario[field] !== undefined)
          context.addIssue({
            code: 'custom',
            path: [field],
            message: `\`wires\` runs each wire with its default model; remove \`${field}\` (or \`wires\`)`,
          });
      }
      const wires = scenario.wires === 'all' ? [] : scenario.wires;
      for (const [index, wire] of wires.entries()) {
        if (wires.indexOf(wire) !== index)
          context.addIssue({ code: 'custom', path: ['wires', index], message: `'${wire}' is listed twice` });
      }
    }
    const providers: readonly ScenarioProvider[] =
      scenario.wires === 'all' ? wireNames : (scenario.wires ?? [scenario.provider ?? 'anthropic']);
    checkResponsesOnlySteps({ turns: scenario.turns, providers, context });
    if (scenario.session !== undefined && providers.includes('xml')) {
      context.addIssue({
        code: 'custom',
        path: [scenario.wires === undefined ? 'session' : 'wires'],
        message: 'a session config names a provider type; xml has none',
      });
    }
  })
  .transform(({ wires, provider, ...scenario }) => ({
    ...scenario,
    // A scenario with `wires` runs only once expanded into one scenario per wire (`expandWires`).
    provider: provider ?? (wires === undefined ? 'anthropic' : toWires(wires)[0]),
    ...(wires === undefined ? {} : { wires: toWires(wires) }),
  }));

/**
 * A simulated user writes every message from its turn on: it is the last turn, which has none of the fields of a
 * turn the scenario writes (its message, the answers to its pauses, a crash of its own).
 */
function checkSimulatedTurn({
  turns,
  context,
}: {
  turns: ReadonlyArray<z.output<typeof turnSchema>>;
  context: z.RefinementCtx;
}): void {
  for (const [index, turn] of turns.entries()) {
    if (turn.simulate === undefined) continue;
    if (index !== turns.length - 1)
      context.addIssue({
        code: 'custom',
        path: ['turns', index, 'simulate'],
        message: 'a simulated user writes every turn from here on: make it the last turn',
      });
    for (const field of ['judge', 'honest'] as const) {
      if (turn.simulate.expectLast?.[field] !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['turns', index, 'simulate', 'expectLast', field],
          message: `a judge grades every simulated turn (the turn's \`expect.${field}\`) and the goal (\`simulate.until\`), not the last turn alone`,
        });
    }
    for (const field of ['user', 'approvals', 'restart', 'reopen', 'abort', 'crash', 'elicit'] as const) {
      if (turn[field] !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['turns', index, field],
          message: `a simulated turn has no \`${field}\` of its own; remove it (or \`simulate\`)`,
        });
    }
  }
}

/**
 * `session.servers` names HTTP mocks of the scenario, which the host connects from its config; a turn's `reopen`
 * gives new secrets to those only.
 */
function checkHostServers({
  scenario,
  context,
}: {
  scenario: {
    servers?: Record<string, ScenarioServer> | undefined;
    session?: { servers?: Record<string, unknown> | undefined } | undefined;
    turns: ReadonlyArray<{ reopen?: { servers: Record<string, unknown> } | undefined }>;
  };
  context: z.RefinementCtx;
}): void {
  const hostServers = Object.keys(scenario.session?.servers ?? {});
  for (const name of hostServers) {
    const server = scenario.servers?.[name];
    const problem =
      server === undefined
        ? `names no server of this scenario (its servers: ${Object.keys(scenario.servers ?? {}).join(', ') || '(none)'})`
        : !('tools' in server) || server.transport !== 'http'
          ? 'the host connects the servers of its config from the URL the runner gives it: name a mock with transport: http'
          : undefined;
    if (problem !== undefined)
      context.addIssue({ code: 'custom', path: ['session', 'servers', name], message: problem });
  }
  for (const [name, server] of Object.entries(scenario.servers ?? {})) {
    if (!('tools' in server)) continue;
    for (const [index, rotation] of (server.auth?.rotate ?? []).entries()) {
      const path = ['servers', name, 'auth', 'rotate', index, 'turn'];
      if (!hostServers.includes(name)) {
        context.addIssue({
          code: 'custom',
          path,
          message:
            'the runner connects this server with its first token: rotate the token of a server the host connects (session.servers), which a turn can reopen with the new one',
        });
      } else if (rotation.turn < 2 || rotation.turn > scenario.turns.length) {
        context.addIssue({
          code: 'custom',
          path,
          message: `a token rotates as a later turn starts: a turn from 2 to ${scenario.turns.length}, the scenario's last`,
        });
      }
    }
  }
  for (const [index, turn] of scenario.turns.entries()) {
    if (turn.reopen === undefined) continue;
    if (scenario.session === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['turns', index, 'reopen'],
        message: 'only a session scenario whose host connects servers (session.servers) reopens its session',
      });
      continue;
    }
    for (const name of Object.keys(turn.reopen.servers)) {
      if (hostServers.includes(name)) continue;
      context.addIssue({
        code: 'custom',
        path: ['turns', index, 'reopen', 'servers', name],
        message: `the host gives secrets only to the servers of its config (session.servers: ${hostServers.join(', ') || '(none)'})`,
      });
    }
  }
}

/**
 * A step's `thinkingAfterText` is an answer of the Responses API alone (a second reasoning item after the
 * message): on any other wire the fake would leave it out, so a scenario that names another is refused.
 */
function checkResponsesOnlySteps({
  turns,
  providers,
  context,
}: {
  turns: readonly { llm?: readonly { thinkingAfterText?: string | undefined }[] | undefined }[];
  providers: readonly ScenarioProvider[];
  context: z.RefinementCtx;
}): void {
  const others = providers.filter((provider) => provider !== 'openai-responses');
  if (others.length === 0) return;
  for (const [turnIndex, turn] of turns.entries()) {
    for (const [stepIndex, step] of (turn.llm ?? []).entries()) {
      if (step.thinkingAfterText === undefined) continue;
      context.addIssue({
        code: 'custom',
        path: ['turns', turnIndex, 'llm', stepIndex, 'thinkingAfterText'],
        message: `a second reasoning item after the text is a Responses API answer (openai-responses); ${others.join(', ')} ${others.length === 1 ? 'has' : 'have'} no such answer`,
      });
    }
  }
}

/**
 * A mock's change at a turn needs a turn that comes after the first (at the first, the tools it would make are
 * those the server should start with) and that the scenario has.
 */
function checkTurnChanges({
  servers,
  turns,
  context,
}: {
  servers: Record<string, ScenarioServer>;
  turns: number;
  context: z.RefinementCtx;
}): void {
  for (const [name, server] of Object.entries(servers)) {
    if (!('tools' in server)) continue;
    for (const [index, change] of (server.changes ?? []).entries()) {
      const { turn } = change.after;
      if (turn === undefined || (turn > 1 && turn <= turns)) continue;
      context.addIssue({
        code: 'custom',
        path: ['servers', name, 'changes', index, 'after', 'turn'],
        message:
          turn === 1
            ? 'at turn 1 the server has not offered its tools yet: give the tools it starts with in `tools`, or change them at a later turn'
            : `the scenario has ${turns} turn${turns === 1 ? '' : 's'}; turn ${turn} never starts`,
        input: turn,
      });
    }
  }
}

/** The providers `wires` names: `all` is every wire, in the order of `wireNames`. */
function toWires(wires: 'all' | readonly ScenarioProvider[]): [ScenarioProvider, ...ScenarioProvider[]] {
  const [first = 'anthropic', ...rest] = wires === 'all' ? wireNames : wires;
  return [first, ...rest];
}

export type Scenario = z.infer<typeof scenarioSchema> & {
  /**
   * The wire of a scenario `expandWires` made from one that names `wires` (never written in a file): it runs on
   * that wire's provider and has that wire's own recording.
   */
  wire?: ScenarioProvider;
};
export type ScenarioTurn = z.infer<typeof turnSchema>;
export type ScenarioServer = z.infer<typeof serverSchema>;
