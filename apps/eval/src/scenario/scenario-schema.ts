import { mockServerSpecSchema } from '@toolloop/mock-mcp';
import { z } from 'zod';
import { expectationSchema } from './expectation-schema.js';
import { llmStepSchema } from './llm-step-schema.js';
import { loopOptionsSchema } from './loop-options-schema.js';
import { sessionConfigSchema } from './session-config-schema.js';

/** A real MCP server the scenario starts: a command (stdio) or a URL (streamable HTTP). */
const commandServerSchema = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
});
const urlServerSchema = z.strictObject({
  url: z.url(),
  headers: z.record(z.string(), z.string()).optional(),
});

/** A server is a mock when it has `tools`, else a command or a URL. */
const serverSchema = z.union([mockServerSpecSchema, commandServerSchema, urlServerSchema]);

const turnSchema = z.strictObject({
  user: z.string(),
  llm: z.array(llmStepSchema),
  expect: expectationSchema.optional(),
});

/** One scenario file (SCENARIO-FORMAT.md, contract version 1). Unknown fields are errors. */
export const scenarioSchema = z
  .strictObject({
    name: z.string().min(1),
    description: z.string().optional(),
    tags: z.array(z.string().min(1)).optional(),
    provider: z.enum(['anthropic', 'openai', 'ollama', 'xml']).default('anthropic'),
    model: z.string().min(1).optional(),
    system: z.string().optional(),
    loop: loopOptionsSchema.optional(),
    session: sessionConfigSchema.optional(),
    servers: z
      .record(z.string().regex(/^[a-zA-Z0-9_-]+$/, "letters, digits, '_' and '-' only"), serverSchema)
      .optional(),
    turns: z.array(turnSchema).min(1),
    skip: z.boolean().optional(),
    only: z.boolean().optional(),
  })
  .superRefine((scenario, context) => {
    if (scenario.session !== undefined && scenario.loop !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['loop'],
        message: 'give the limits in `session` (snake_case) or in `loop`, not both',
      });
    }
    if (scenario.session !== undefined && scenario.provider === 'xml') {
      context.addIssue({
        code: 'custom',
        path: ['session'],
        message: 'a session config names a provider type (claude, openai, ollama); xml has none',
      });
    }
  });

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioTurn = z.infer<typeof turnSchema>;
export type ScenarioServer = z.infer<typeof serverSchema>;
