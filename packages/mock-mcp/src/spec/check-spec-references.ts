import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { z } from 'zod';
import type { MockPrompt } from './mock-prompt-schema.js';
import type { MockResource } from './mock-resource-schema.js';
import type { MockResourceTemplate } from './mock-resource-template-schema.js';
import type { MockTool } from './mock-tool-schema.js';

/**
 * The checks across a spec's parts: tool names, resource URIs, template URIs and prompt names are unique;
 * every tool a sample offers by name is one of the server's tools; every URI in `updatedResources` is one of
 * its resources or fits one of its templates.
 */
export function checkSpecReferences(
  spec: {
    tools: MockTool[];
    resources?: MockResource[] | undefined;
    resourceTemplates?: MockResourceTemplate[] | undefined;
    prompts?: MockPrompt[] | undefined;
  },
  context: z.RefinementCtx,
): void {
  const { tools, resources = [], resourceTemplates = [], prompts = [] } = spec;
  checkUnique({
    values: tools.map((tool) => tool.name),
    field: 'tools',
    key: 'name',
    label: 'Tool name',
    plural: 'tool names',
    context,
  });
  checkUnique({
    values: resources.map((resource) => resource.uri),
    field: 'resources',
    key: 'uri',
    label: 'Resource URI',
    plural: 'resource URIs',
    context,
  });
  checkUnique({
    values: resourceTemplates.map((template) => template.uriTemplate),
    field: 'resourceTemplates',
    key: 'uriTemplate',
    label: 'URI template',
    plural: 'URI templates',
    context,
  });
  checkUnique({
    values: prompts.map((prompt) => prompt.name),
    field: 'prompts',
    key: 'name',
    label: 'Prompt name',
    plural: 'prompt names',
    context,
  });
  checkOfferedTools({ tools, names: tools.map((tool) => tool.name), path: ['tools'], context });
  checkUpdatedResources({ tools, resources, resourceTemplates, path: ['tools'], context });
}

function checkUnique(options: {
  values: string[];
  field: string;
  key: string;
  label: string;
  plural: string;
  context: z.RefinementCtx;
}): void {
  const { values, field, key, label, plural, context } = options;
  values.forEach((value, index) => {
    const first = values.indexOf(value);
    if (first === index) return;
    context.addIssue({
      code: 'custom',
      path: [field, index, key],
      message: `${label} '${value}' is already used by ${field}[${first}]; ${plural} must be unique.`,
      input: value,
    });
  });
}

/**
 * Every tool a sample of `tools` offers by name is one of `names` (the server's tools when it runs); `path` is
 * where `tools` is in the spec.
 */
export function checkOfferedTools(options: {
  tools: MockTool[];
  names: readonly string[];
  path: readonly PropertyKey[];
  context: z.RefinementCtx;
}): void {
  const { tools, names, context } = options;
  tools.forEach((tool, toolIndex) => {
    tool.responses.forEach((response, responseIndex) => {
      (response.sample?.tools ?? []).forEach((offered, offeredIndex) => {
        if (typeof offered !== 'string' || names.includes(offered)) return;
        context.addIssue({
          code: 'custom',
          path: [...options.path, toolIndex, 'responses', responseIndex, 'sample', 'tools', offeredIndex],
          message: `Sample offers tool '${offered}', which is not a tool of this server. Tools: ${names.join(', ')}.`,
          input: offered,
        });
      });
    });
  });
}

/** Every URI in the `updatedResources` of `tools` (at `path` in the spec) is a resource or fits a template. */
export function checkUpdatedResources(options: {
  tools: MockTool[];
  resources: MockResource[];
  resourceTemplates: MockResourceTemplate[];
  path: readonly PropertyKey[];
  context: z.RefinementCtx;
}): void {
  const { tools, resources, context } = options;
  const templates = options.resourceTemplates.map((template) => new UriTemplate(template.uriTemplate));
  const isKnown = (uri: string) =>
    resources.some((resource) => resource.uri === uri) || templates.some((template) => template.match(uri));
  tools.forEach((tool, toolIndex) => {
    tool.responses.forEach((response, responseIndex) => {
      const nested = Object.entries(response.sample?.toolResults ?? {}).flatMap(([name, list]) =>
        list.map((item, index) => ({ item, path: ['sample', 'toolResults', name, index] })),
      );
      for (const { item, path } of [{ item: response, path: [] as PropertyKey[] }, ...nested]) {
        (item.updatedResources ?? []).forEach((uri, uriIndex) => {
          if (isKnown(uri)) return;
          context.addIssue({
            code: 'custom',
            path: [
              ...options.path,
              toolIndex,
              'responses',
              responseIndex,
              ...path,
              'updatedResources',
              uriIndex,
            ],
            message: `'${uri}' is none of this server's resources and fits none of its resource templates.`,
            input: uri,
          });
        });
      }
    });
  });
}
