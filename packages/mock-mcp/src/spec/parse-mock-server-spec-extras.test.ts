import { describe, expect, it } from 'vitest';
import { issuesOf } from '../../test/spec-issues.js';
import { parseMockServerSpecText } from './load-mock-server-spec.js';
import { parseMockServerSpec } from './parse-mock-server-spec.js';

const template = { uriTemplate: 'notes://{name}', name: 'note', responses: [{ text: '{{name}}' }] };

describe('resources, templates, prompts, logging and elicit in a spec', () => {
  it('validates a validated spec again unchanged, also after a JSON round trip', () => {
    const spec = parseMockServerSpec({
      tools: [
        {
          name: 'ask',
          responses: [
            {
              elicit: {
                message: 'Name?',
                requestedSchema: { type: 'object', properties: { n: { type: 'string' } } },
              },
              log: [{ level: 'info', data: 'asking' }],
              updatedResources: ['notes://a'],
            },
          ],
        },
      ],
      resources: [
        { uri: 'notes://today', name: 'today', responses: [{ blob: 'AA==', times: 1 }, { hang: true }] },
      ],
      resourceTemplates: [{ ...template, complete: { name: ['a', 'b'] } }],
      prompts: [
        {
          name: 'p',
          arguments: [{ name: 'topic', required: true, complete: ['x'] }],
          responses: [{ messages: [{ role: 'user', content: 'About {{topic}}' }] }],
        },
      ],
      logging: { level: 'warning' },
    });
    expect(parseMockServerSpec(spec)).toEqual(spec);
    expect(parseMockServerSpec(JSON.parse(JSON.stringify(spec)))).toEqual(spec);
    expect(spec.tools[0]?.responses[0]?.elicit).toMatchObject({ mode: 'form', notifyCompletion: true });
  });

  it('rejects a placeholder that names no argument of the prompt', () => {
    expect(
      issuesOf({
        tools: [],
        prompts: [
          {
            name: 'greet',
            arguments: [{ name: 'person' }],
            responses: [{ messages: [{ role: 'user', content: 'Hi {{persn}}' }] }],
          },
        ],
      }),
    ).toEqual([
      {
        path: 'prompts[0].responses[0]',
        message: "Placeholder {{persn}} names none of the arguments of prompt 'greet'; they are: person.",
      },
    ]);
  });

  it('rejects a placeholder or a completion that names no variable of the template', () => {
    expect(
      issuesOf({
        tools: [],
        resourceTemplates: [{ ...template, complete: { nam: ['a'] }, responses: [{ text: '{{id}}' }] }],
      }),
    ).toEqual([
      {
        path: 'resourceTemplates[0].complete.nam',
        message: "'nam' is none of the variables of notes://{name}; they are: name.",
      },
      {
        path: 'resourceTemplates[0].responses[0]',
        message: 'Placeholder {{id}} names none of the variables of notes://{name}; they are: name.',
      },
    ]);
  });

  it('rejects a URI template that does not parse', () => {
    expect(
      issuesOf({ tools: [], resourceTemplates: [{ ...template, uriTemplate: 'notes://{name' }] }),
    ).toEqual([
      {
        path: 'resourceTemplates[0].uriTemplate',
        message: 'Not a valid URI template: Unclosed template expression.',
      },
    ]);
  });

  it('rejects an update of a URI no resource or template serves', () => {
    expect(
      issuesOf({
        tools: [{ name: 'save', responses: [{ text: 'ok', updatedResources: ['files://x'] }] }],
        resourceTemplates: [template],
      }),
    ).toEqual([
      {
        path: 'tools[0].responses[0].updatedResources[0]',
        message: "'files://x' is none of this server's resources and fits none of its resource templates.",
      },
    ]);
  });

  it('rejects a resource response with two actions', () => {
    expect(
      issuesOf({
        tools: [],
        resources: [{ uri: 'a://1', name: 'one', responses: [{ text: 'x', blob: 'AA==' }] }],
      }),
    ).toEqual([
      {
        path: 'resources[0].responses[0]',
        message:
          'A response does one thing, but this one has text and blob. Split it into separate responses.',
      },
    ]);
  });

  it('rejects a resource URI used twice', () => {
    const resource = { uri: 'a://1', name: 'one', responses: [{ text: 'x' }] };
    expect(issuesOf({ tools: [], resources: [resource, resource] })).toEqual([
      {
        path: 'resources[1].uri',
        message: "Resource URI 'a://1' is already used by resources[0]; resource URIs must be unique.",
      },
    ]);
  });

  it('rejects a form elicitation without requestedSchema, and a URL one without url', () => {
    expect(
      issuesOf({
        tools: [
          {
            name: 'ask',
            responses: [{ elicit: { message: 'Name?' } }, { elicit: { mode: 'url', message: 'Sign in' } }],
          },
        ],
      }),
    ).toEqual([
      {
        path: 'tools[0].responses[0].elicit',
        message: 'A form elicitation needs requestedSchema: { type: object, properties: { ... } }.',
      },
      {
        path: 'tools[0].responses[1].elicit',
        message: 'A URL elicitation needs url: the page the user opens.',
      },
    ]);
  });

  it('rejects a placeholder in accept that names no field of the form', () => {
    expect(
      issuesOf({
        tools: [
          {
            name: 'ask',
            responses: [
              {
                elicit: {
                  message: 'Name?',
                  requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
                  accept: { text: 'Hi {{nme}}' },
                },
              },
            ],
          },
        ],
      }),
    ).toEqual([
      {
        path: 'tools[0].responses[0].elicit.accept',
        message: 'Placeholder {{nme}} names none of the fields of requestedSchema; they are: name.',
      },
    ]);
  });

  it('requires the data of a log message', () => {
    expect(
      issuesOf({ tools: [{ name: 'a', responses: [{ text: 'x', log: [{ level: 'info' }] }] }] }),
    ).toEqual([
      {
        path: 'tools[0].responses[0].log[0].data',
        message: 'A log message needs data: a string or any JSON value.',
      },
    ]);
  });

  it('names the file, line and column of a wrong field in a prompt', () => {
    const text = [
      'tools: []',
      'prompts:',
      '  - name: p',
      '    arguments:',
      '      - { name: a, reqired: true }',
      '    responses: []',
    ].join('\n');
    expect(() => parseMockServerSpecText({ text, file: 'spec.yaml' })).toThrow(
      "spec.yaml:5:20 prompts[0].arguments[0].reqired: Unknown field 'reqired'.",
    );
  });
});
