import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { MockRequestExtra } from './mock-request-extra.js';

/** The requests a mock answers, by method, with the schema the 2025-11-25 SDK registers each under. */
export const mockMethodSchemas = {
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'resources/list': ListResourcesRequestSchema,
  'resources/templates/list': ListResourceTemplatesRequestSchema,
  'resources/read': ReadResourceRequestSchema,
  'resources/subscribe': SubscribeRequestSchema,
  'resources/unsubscribe': UnsubscribeRequestSchema,
  'prompts/list': ListPromptsRequestSchema,
  'prompts/get': GetPromptRequestSchema,
  'completion/complete': CompleteRequestSchema,
  'logging/setLevel': SetLevelRequestSchema,
} as const;

/** A method a mock answers. */
export type MockMethod = keyof typeof mockMethodSchemas;

/** The params of a request of `Method`. */
export type MockParams<Method extends MockMethod> = z.output<(typeof mockMethodSchemas)[Method]>['params'];

/**
 * Registers the handler of one method on a session's server, whichever protocol revision (and SDK) serves
 * it: the handler gets the request's params and what it needs of the request (`MockRequestExtra`).
 */
export type RegisterMockHandler = <Method extends MockMethod>(
  method: Method,
  handler: (params: MockParams<Method>, extra: MockRequestExtra) => unknown,
) => void;
