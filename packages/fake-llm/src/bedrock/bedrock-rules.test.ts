import { describeRefusals, type RefusalCase } from '../../test/describe-refusals.js';

const modelId = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const path = `/model/${encodeURIComponent(modelId)}/converse`;
const question = { role: 'user', content: [{ text: 'What is 12 + 7?' }] };
const valid = { path, body: { messages: [question] } };
const calculator = {
  toolSpec: {
    name: 'calculator',
    inputSchema: { json: { type: 'object', properties: { a: { type: 'number' } } } },
  },
};
const toolUse = { toolUse: { toolUseId: 'tooluse_1', name: 'calculator', input: { a: 12 } } };
const toolResult = { toolResult: { toolUseId: 'tooluse_1', content: [{ text: '19' }] } };

const cases: RefusalCase[] = [
  {
    name: 'a request without an Authorization header',
    rule: 'bedrock/missing-authorization',
    path,
    headers: { authorization: null },
    body: valid.body,
    expected: { status: 403, type: 'AccessDeniedException', message: 'Authorization header is missing' },
  },
  {
    name: 'maxTokens of another type',
    rule: 'bedrock/definition',
    path,
    body: { ...valid.body, inferenceConfig: { maxTokens: 'many' } },
    expected: {
      status: 400,
      type: 'ValidationException',
      message:
        "1 validation error detected: Value at 'inferenceConfig.maxTokens' failed to satisfy constraint: Member must be a number",
    },
  },
  {
    name: 'a content block of no kind Converse has',
    rule: 'bedrock/definition',
    path,
    body: { messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] },
    expected: { status: 400, type: 'ValidationException', message: /at 'messages\.0\.content\.0/u },
  },
  {
    name: 'a model Bedrock does not serve',
    rule: 'bedrock/unknown-model',
    path: '/model/anthropic.claude-made-up-v1%3A0/converse',
    body: valid.body,
    expected: {
      status: 400,
      type: 'ValidationException',
      message: 'The provided model identifier is invalid.',
    },
  },
  {
    name: 'maxTokens above the model output limit',
    rule: 'bedrock/max-tokens',
    path,
    body: { ...valid.body, inferenceConfig: { maxTokens: 64_001 } },
    expected: {
      status: 400,
      type: 'ValidationException',
      message:
        'The maximum tokens you requested exceeds the model limit of 64000. Try again with a maximum tokens value that is lower than 64000.',
    },
  },
  {
    name: 'two user messages in a row',
    rule: 'bedrock/alternating-roles',
    path,
    body: { messages: [question, question] },
    expected: {
      status: 400,
      type: 'ValidationException',
      message:
        'A conversation must alternate between user and assistant roles. Make sure the conversation alternates ' +
        'between user and assistant roles and try again.',
    },
  },
  {
    name: 'a blank text block',
    rule: 'bedrock/blank-text',
    path,
    body: { messages: [{ role: 'user', content: [{ text: ' ' }] }] },
    expected: {
      status: 400,
      type: 'ValidationException',
      message:
        'The text field in the ContentBlock object at messages.0.content.0 is blank. Add text to the text field, and try again.',
    },
  },
  {
    name: 'tool blocks without toolConfig',
    rule: 'bedrock/tool-config-required',
    path,
    body: {
      messages: [
        question,
        { role: 'assistant', content: [toolUse] },
        { role: 'user', content: [toolResult] },
      ],
    },
    expected: {
      status: 400,
      type: 'ValidationException',
      message: 'The toolConfig field must be defined when using toolUse and toolResult content blocks.',
    },
  },
  {
    name: 'reasoning text sent back without its signature',
    rule: 'bedrock/thinking-signature-required',
    path,
    body: {
      toolConfig: { tools: [calculator] },
      messages: [
        question,
        { role: 'assistant', content: [{ reasoningContent: { reasoningText: { text: 'Add.' } } }, toolUse] },
        { role: 'user', content: [toolResult] },
      ],
    },
    expected: {
      status: 400,
      type: 'ValidationException',
      message:
        'The model returned the following errors: messages.1.content.0.thinking.signature: Field required',
    },
  },
];

describeRefusals({ title: "Bedrock's Converse API refuses", cases, valid });
