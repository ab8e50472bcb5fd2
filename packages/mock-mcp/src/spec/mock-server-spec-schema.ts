import { z } from 'zod';
import { checkSpecReferences } from './check-spec-references.js';
import { checkToolChanges } from './check-tool-changes.js';
import { logLevelSchema } from './log-message-schema.js';
import { mockPromptSchema } from './mock-prompt-schema.js';
import { mockResourceSchema } from './mock-resource-schema.js';
import { mockResourceTemplateSchema } from './mock-resource-template-schema.js';
import { mockToolSchema } from './mock-tool-schema.js';
import { toolChangeSchema } from './tool-change-schema.js';

/** A bearer token as RFC 6750 writes one (b64token): letters, digits, `-._~+/`, then any `=`. */
const bearerTokenSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9\-._~+/]+=*$/u,
    "a bearer token: letters, digits, '-', '.', '_', '~', '+', '/', then any '='",
  );

/** Where a mock server runs: in-process, as a child process over stdio, or on a loopback HTTP port. */
export const mockTransports = ['memory', 'stdio', 'http'] as const;

/**
 * The MCP protocol revisions a mock serves: `both` (the revision each client opens with, as a server built on
 * the v2 SDK does), or only one of them, as a server that speaks no other.
 */
export const mockProtocols = ['both', '2025-11-25', '2026-07-28'] as const;

/**
 * A mock MCP server: its `tools` (listed in pages of `toolsPageSize`, and their `changes` during a run), `resources`, `resourceTemplates`, `prompts` and `logging`, and the
 * `transport` it is served over (default `memory`). This is exactly the `servers.<name>` field of a scenario
 * when it has `tools`; embed this schema to validate one in place.
 */
export const mockServerSpecSchema = z
  .strictObject({
    transport: z
      .enum(mockTransports)
      .default('memory')
      .describe(
        'Where the mock runs: memory (in-process, the default), stdio (a child process) or http (a loopback port).',
      ),
    protocol: z
      .enum(mockProtocols)
      .default('both')
      .describe(
        'The MCP revisions served: both (the default: 2026-07-28 to a client that opens with server/discover or a request in that revision, 2025-11-25 to one that opens with initialize), or only 2025-11-25 or 2026-07-28 (a client opening in the other is refused as a server of that revision refuses it).',
      ),
    tools: z.array(mockToolSchema).describe("The mock's tools: MCP definitions with scripted responses."),
    toolsPageSize: z
      .int()
      .positive()
      .optional()
      .describe(
        'Tools per page of tools/list, each page with the nextCursor of the next (as large servers list them). Default: every tool in one page.',
      ),
    changes: z
      .array(toolChangeSchema)
      .optional()
      .describe(
        'Changes of the tool list during the run, in the order listed (one that is due waits for those before it); each sends notifications/tools/list_changed.',
      ),
    resources: z
      .array(mockResourceSchema)
      .optional()
      .describe(
        "The mock's resources, with scripted contents; the server then has the resources capability.",
      ),
    resourceTemplates: z
      .array(mockResourceTemplateSchema)
      .optional()
      .describe('Resource templates (URI templates) with scripted contents for the URIs they match.'),
    prompts: z
      .array(mockPromptSchema)
      .optional()
      .describe("The mock's prompts, with scripted messages; the server then has the prompts capability."),
    auth: z
      .strictObject({
        bearer: bearerTokenSchema.describe(
          'The token every request must carry, as Authorization: Bearer <token>.',
        ),
        rotate: z
          .array(
            z.strictObject({
              turn: z
                .int()
                .positive()
                .describe('The turn (1-based) from which the new token is the only one.'),
              bearer: bearerTokenSchema.describe('The new token.'),
            }),
          )
          .optional()
          .describe(
            'New tokens by turn, in turn order: from the start of that turn on, the server takes only the new one (a rotated token).',
          ),
      })
      .optional()
      .describe(
        'Over HTTP, a request without the right bearer token is answered 401 (WWW-Authenticate: Bearer error="invalid_token"), as a server behind a token is. transport: http only.',
      ),
    logging: z
      .strictObject({
        level: logLevelSchema
          .optional()
          .describe('The lowest level sent until the client sets one (logging/setLevel). Default: debug.'),
      })
      .optional()
      .describe('Declares the logging capability (so does any log in a response).'),
  })
  // A transform, not a refinement, so that it runs only on a spec whose parts are valid.
  .transform((spec, context) => {
    checkAuth(spec, context);
    checkSpecReferences(spec, context);
    checkToolChanges(spec, context);
    // Wherever this schema parsed it (alone, or embedded in a scenario), the output needs no second check.
    validatedSpecs.add(spec);
    return spec;
  });

const validatedSpecs = new WeakSet<object>();

/** `auth` is checked on HTTP requests only, and its rotations come in turn order. */
function checkAuth(
  spec: {
    transport: (typeof mockTransports)[number];
    auth?: { rotate?: Array<{ turn: number }> | undefined } | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (spec.auth === undefined) return;
  if (spec.transport !== 'http') {
    context.addIssue({
      code: 'custom',
      path: ['auth'],
      message: `a bearer token is checked on HTTP requests: set transport: http (this server's is ${spec.transport})`,
      input: spec.auth,
    });
  }
  (spec.auth.rotate ?? []).forEach((rotation, index, rotations) => {
    const before = rotations[index - 1];
    if (before !== undefined && rotation.turn <= before.turn) {
      context.addIssue({
        code: 'custom',
        path: ['auth', 'rotate', index, 'turn'],
        message: `rotations come in turn order: turn ${rotation.turn} after turn ${before.turn}`,
        input: rotation.turn,
      });
    }
  });
}

/** Whether a value is the output of `mockServerSpecSchema` (and so needs no validation again). */
export function isValidatedMockServerSpec(spec: object): boolean {
  return validatedSpecs.has(spec);
}

/** A mock server spec as written, before validation (what `createMockMcpServer` accepts). */
export type MockServerSpecInput = z.input<typeof mockServerSpecSchema>;

/** A validated mock server spec. */
export type MockServerSpec = z.output<typeof mockServerSpecSchema>;
