import type { Prompt, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { MockPrompt } from '../spec/mock-prompt-schema.js';
import type { MockResource } from '../spec/mock-resource-schema.js';
import type { MockResourceTemplate } from '../spec/mock-resource-template-schema.js';

/** The MCP `Resource` a mock resource is listed as: its definition without `responses`. */
export function toListedResource(resource: MockResource): Resource {
  const { responses: _responses, ...listed } = resource;
  return listed;
}

/** The MCP `ResourceTemplate` a mock template is listed as: without `responses` and `complete`. */
export function toListedResourceTemplate(template: MockResourceTemplate): ResourceTemplate {
  const { responses: _responses, complete: _complete, ...listed } = template;
  return listed;
}

/** The MCP `Prompt` a mock prompt is listed as: without `responses`, its arguments without `complete`. */
export function toListedPrompt(prompt: MockPrompt): Prompt {
  const { responses: _responses, arguments: promptArguments, ...listed } = prompt;
  return {
    ...listed,
    ...(promptArguments === undefined
      ? {}
      : { arguments: promptArguments.map(({ complete: _complete, ...argument }) => argument) }),
  };
}
