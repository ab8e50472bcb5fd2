import type { JsonValue } from '@toolloop/core';
import {
  asArray,
  asObject,
  asString,
  endsOf,
  toolDefinition,
  type JsonObject,
  type WireRequest,
} from './wire-request.js';

/**
 * A Gemini API request (`…:generateContent`, `…:streamGenerateContent`), read as expectations see every wire:
 * `systemInstruction` is the system prompt, a `model` turn is the assistant's, a function response is a tool
 * result (its `response` as JSON, or its one text field as text), `thinkingConfig` is its thinking.
 */
export function readGeminiRequest(body: JsonObject): WireRequest {
  const contents = asArray(body.contents).map(asObject);
  const generation = asObject(body.generationConfig);
  const system = body.systemInstruction;
  const toolChoice = toNeutralChoice(asObject(asObject(body.toolConfig).functionCallingConfig));
  const schema = generation.responseJsonSchema ?? generation.responseSchema;
  const results = contents.flatMap((content) =>
    partsOf(content).flatMap((part) =>
      part.functionResponse === undefined ? [] : [resultText(asObject(part.functionResponse).response)],
    ),
  );
  return {
    toolDefinitions: asArray(body.tools)
      .map(asObject)
      .flatMap((tool) => asArray(tool.functionDeclarations).map(asObject))
      .map((declaration) =>
        toolDefinition(
          declaration.name,
          declaration.description,
          declaration.parametersJsonSchema ?? declaration.parameters,
        ),
      ),
    ...(toolChoice === undefined ? {} : { toolChoice }),
    ...(system === undefined
      ? {}
      : { system: typeof system === 'string' ? system : textOfParts(asObject(system)) }),
    ...(typeof generation.maxOutputTokens === 'number' ? { maxTokens: generation.maxOutputTokens } : {}),
    ...(generation.thinkingConfig === undefined ? {} : { thinking: generation.thinkingConfig }),
    ...(generation.responseMimeType === 'application/json'
      ? { outputFormat: schema === undefined ? {} : { schema } }
      : {}),
    ...endsOf(
      contents.map((content) => ({
        role: content.role === 'model' ? 'assistant' : (asString(content.role) ?? 'user'),
        text: textOfParts(content),
        ...(partsOf(content).some((part) => part.functionResponse !== undefined)
          ? { holdsToolResults: true as const }
          : {}),
      })),
    ),
    toolResults: results,
  };
}

function partsOf(content: JsonObject): JsonObject[] {
  return asArray(content.parts).map(asObject);
}

/** The text of a turn: its text parts that are not thoughts, and its function responses, by lines. */
function textOfParts(content: JsonObject): string {
  return partsOf(content)
    .flatMap((part) => {
      if (typeof part.text === 'string' && part.thought !== true) return [part.text];
      if (part.functionResponse !== undefined) return [resultText(asObject(part.functionResponse).response)];
      return [];
    })
    .filter((text) => text !== '')
    .join('\n');
}

/** A function response's `response`: the text of its only field when that is text, else its JSON. */
function resultText(response: JsonValue | undefined): string {
  const fields = Object.values(asObject(response));
  const [only] = fields;
  return fields.length === 1 && typeof only === 'string' ? only : JSON.stringify(response ?? {});
}

/** `functionCallingConfig` in the Messages API's words: `ANY` of one name is that tool. */
function toNeutralChoice(config: JsonObject): JsonValue | undefined {
  const names = asArray(config.allowedFunctionNames);
  const mode = asString(config.mode);
  if (mode === 'AUTO') return { type: 'auto' };
  if (mode === 'NONE') return { type: 'none' };
  if (mode === 'ANY' || mode === 'VALIDATED')
    return names.length === 1 && typeof names[0] === 'string'
      ? { type: 'tool', name: names[0] }
      : { type: 'any' };
  return config.mode;
}
