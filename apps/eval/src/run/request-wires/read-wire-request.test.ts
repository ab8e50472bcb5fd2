import { describe, expect, it } from 'vitest';
import { readWireRequest } from './read-wire-request.js';

const schema = { type: 'object', properties: { query: { type: 'string' } } };

/** One conversation, as each wire writes it: a system prompt, a question, a tool call and its result. */
describe('readWireRequest', () => {
  it('reads a Responses API request: instructions, message items, function call outputs as tool messages', () => {
    expect(
      readWireRequest({
        path: '/script/a/v1/responses',
        body: {
          instructions: 'Look things up.',
          input: [
            { role: 'user', content: [{ type: 'input_text', text: 'How often?' }] },
            { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'x' },
            { type: 'function_call', call_id: 'call_1', name: 'search', arguments: '{}' },
            { type: 'function_call_output', call_id: 'call_1', output: 'Every 90 days.' },
          ],
          tools: [{ type: 'function', name: 'search', description: 'Searches.', parameters: schema }],
          tool_choice: { type: 'function', name: 'search' },
          parallel_tool_calls: false,
          max_output_tokens: 512,
          reasoning: { effort: 'low', summary: 'auto' },
          text: { format: { type: 'json_schema', name: 'answer', schema } },
        },
      }),
    ).toEqual({
      toolDefinitions: [{ name: 'search', description: 'Searches.', inputSchema: schema }],
      toolChoice: { type: 'tool', name: 'search', disable_parallel_tool_use: true },
      system: 'Look things up.',
      maxTokens: 512,
      thinking: { effort: 'low', summary: 'auto' },
      outputFormat: { name: 'answer', schema },
      firstMessage: { role: 'user', text: 'How often?' },
      lastMessage: { role: 'tool', text: 'Every 90 days.', holdsToolResults: true },
      messageCount: 3,
      toolResults: ['Every 90 days.'],
    });
  });

  it('reads a Gemini request: systemInstruction, model turns as the assistant, function responses as results', () => {
    expect(
      readWireRequest({
        path: '/script/a/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse',
        body: {
          systemInstruction: { parts: [{ text: 'Look things up.' }] },
          contents: [
            { role: 'user', parts: [{ text: 'How often?' }] },
            {
              role: 'model',
              parts: [
                { text: 'I will search.', thought: true },
                { functionCall: { name: 'search', args: {} }, thoughtSignature: 'c2ln' },
              ],
            },
            {
              role: 'user',
              parts: [{ functionResponse: { name: 'search', response: { output: 'Every 90 days.' } } }],
            },
          ],
          tools: [
            {
              functionDeclarations: [
                { name: 'search', description: 'Searches.', parametersJsonSchema: schema },
              ],
            },
          ],
          toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['search'] } },
          generationConfig: {
            maxOutputTokens: 512,
            thinkingConfig: { includeThoughts: true, thinkingLevel: 'low' },
            responseMimeType: 'application/json',
            responseJsonSchema: schema,
          },
        },
      }),
    ).toEqual({
      toolDefinitions: [{ name: 'search', description: 'Searches.', inputSchema: schema }],
      toolChoice: { type: 'tool', name: 'search' },
      system: 'Look things up.',
      maxTokens: 512,
      thinking: { includeThoughts: true, thinkingLevel: 'low' },
      outputFormat: { schema },
      firstMessage: { role: 'user', text: 'How often?' },
      lastMessage: { role: 'user', text: 'Every 90 days.', holdsToolResults: true },
      messageCount: 3,
      toolResults: ['Every 90 days.'],
    });
  });

  it('reads a Bedrock Converse request: system blocks, toolResult blocks, the model’s own thinking field', () => {
    expect(
      readWireRequest({
        path: '/script/a/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream',
        body: {
          system: [{ text: 'Look things up.' }],
          messages: [
            { role: 'user', content: [{ text: 'How often?' }] },
            {
              role: 'assistant',
              content: [
                { reasoningContent: { reasoningText: { text: 'I will search.', signature: 'c2ln' } } },
                { toolUse: { toolUseId: 't1', name: 'search', input: {} } },
              ],
            },
            {
              role: 'user',
              content: [
                { toolResult: { toolUseId: 't1', content: [{ text: 'Every 90 days.' }], status: 'success' } },
              ],
            },
          ],
          toolConfig: {
            tools: [
              { toolSpec: { name: 'search', description: 'Searches.', inputSchema: { json: schema } } },
            ],
            toolChoice: { any: {} },
          },
          inferenceConfig: { maxTokens: 512 },
          additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 1024 } },
        },
      }),
    ).toEqual({
      toolDefinitions: [{ name: 'search', description: 'Searches.', inputSchema: schema }],
      toolChoice: { type: 'any' },
      system: 'Look things up.',
      maxTokens: 512,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      firstMessage: { role: 'user', text: 'How often?' },
      lastMessage: { role: 'user', text: 'Every 90 days.', holdsToolResults: true },
      messageCount: 3,
      toolResults: ['Every 90 days.'],
    });
  });

  it('reads an Ollama /api/chat request: a system message, tool messages, think, format and num_predict', () => {
    expect(
      readWireRequest({
        path: '/script/a/api/chat',
        body: {
          model: 'qwen3:8b',
          messages: [
            { role: 'system', content: 'Look things up.' },
            { role: 'user', content: 'How often?' },
            {
              role: 'assistant',
              content: '',
              thinking: 'I will search.',
              tool_calls: [{ function: { name: 'search', arguments: {} } }],
            },
            { role: 'tool', content: 'Every 90 days.', tool_name: 'search' },
          ],
          tools: [
            { type: 'function', function: { name: 'search', description: 'Searches.', parameters: schema } },
          ],
          think: true,
          format: schema,
          options: { num_predict: 512 },
        },
      }),
    ).toEqual({
      toolDefinitions: [{ name: 'search', description: 'Searches.', inputSchema: schema }],
      system: 'Look things up.',
      maxTokens: 512,
      thinking: true,
      outputFormat: { schema },
      firstMessage: { role: 'user', text: 'How often?' },
      lastMessage: { role: 'tool', text: 'Every 90 days.', holdsToolResults: true },
      messageCount: 3,
      toolResults: ['Every 90 days.'],
    });
  });

  it('reads the system messages of chat completions as one prompt, and a round of tool messages as one message', () => {
    const read = readWireRequest({
      path: '/script/a/v1/chat/completions',
      body: {
        messages: [
          { role: 'system', content: 'You plan trips.' },
          { role: 'user', content: 'Paris and Oslo?' },
          { role: 'assistant', content: null, tool_calls: [] },
          { role: 'tool', tool_call_id: 'a', content: 'Paris is sunny.' },
          { role: 'tool', tool_call_id: 'b', content: 'Oslo is snowy.' },
          { role: 'system', content: '[Round 2] Answer now.' },
        ],
      },
    });
    expect(read).toMatchObject({
      system: 'You plan trips.\n\n[Round 2] Answer now.',
      firstMessage: { role: 'user', text: 'Paris and Oslo?' },
      lastMessage: { role: 'tool', text: 'Paris is sunny.\nOslo is snowy.', holdsToolResults: true },
      toolResults: ['Paris is sunny.', 'Oslo is snowy.'],
    });
  });

  it('reads a body that is not an object as a request that carried nothing', () => {
    expect(readWireRequest({ path: '/script/a/v1beta/models/m:generateContent', body: 'x' })).toEqual({
      toolDefinitions: [],
      toolResults: [],
      messageCount: 0,
    });
  });
});
