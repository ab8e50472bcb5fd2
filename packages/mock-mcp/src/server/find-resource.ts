import type { MockServerState, ScriptedState } from './mock-server-state.js';
import type { MockResource } from '../spec/mock-resource-schema.js';
import type { MockResourceTemplate } from '../spec/mock-resource-template-schema.js';

/** A resource or template that serves a URI, with the URI's template variables (none for a resource). */
export interface FoundResource {
  source: ScriptedState<MockResource> | ScriptedState<MockResourceTemplate>;
  variables: Record<string, string | string[]>;
}

/** The resource with this exact URI, else the first template the URI fits; `undefined` when none serves it. */
export function findResource(options: { state: MockServerState; uri: string }): FoundResource | undefined {
  const { state, uri } = options;
  const resource = state.resources.get(uri);
  if (resource !== undefined) return { source: resource, variables: {} };
  for (const template of state.resourceTemplates) {
    const variables = template.uriTemplate.match(uri);
    if (variables !== null) return { source: template, variables };
  }
  return undefined;
}

/** The resource URIs and URI templates a server has, for error messages. */
export function describeResources(state: MockServerState): string {
  const names = [
    ...state.resources.keys(),
    ...state.resourceTemplates.map((template) => template.item.uriTemplate),
  ];
  return names.length === 0 ? '(none)' : names.join(', ');
}
