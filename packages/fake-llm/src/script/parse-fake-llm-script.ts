import type { FakeLlmScript } from './fake-llm-script.js';
import { parseLlmStep, readList, readObject, readString, ScriptFieldError } from './parse-llm-step.js';
import { readChatCompletionsOptions, readScenarioProviderOptions } from './read-chat-completions-options.js';
import { readScriptModels } from './read-script-models.js';

/**
 * Checks a script read from JSON or YAML. Three shapes are accepted: a list of steps; `{ name?, steps,
 * dialect?, quirks?, toolFormat?, models? }`; or a whole scenario file (it has `turns`), whose turns' `llm` steps are
 * joined in order under the scenario's name, its `provider: ollama` choosing the Ollama dialect,
 * `provider: xml` the XML tool format, and its `models` added to those the fake serves. Errors name the path of the field at fault, such as
 * `turns[0].llm[1].toolCalls[0].name`.
 */
export function parseFakeLlmScript(
  value: unknown,
): { success: true; value: FakeLlmScript } | { success: false; error: string } {
  try {
    return { success: true, value: readScript(value) };
  } catch (error) {
    if (error instanceof ScriptFieldError) return { success: false, error: error.message };
    throw error;
  }
}

function readScript(value: unknown): FakeLlmScript {
  if (Array.isArray(value)) return { steps: readSteps(value, 'steps') };
  if (typeof value === 'object' && value !== null && 'turns' in value) {
    const turns = readList(value.turns, 'turns');
    const steps = turns.flatMap((turn, index) => {
      const path = `turns[${index}]`;
      if (typeof turn !== 'object' || turn === null || !('llm' in turn)) return [];
      return readSteps(turn.llm, `${path}.llm`);
    });
    const name = 'name' in value ? readString(value.name, 'name') : undefined;
    const provider = 'provider' in value ? value.provider : undefined;
    const models = 'models' in value ? readScriptModels(value.models, 'models') : undefined;
    return {
      ...(name === undefined ? {} : { name }),
      steps,
      ...readScenarioProviderOptions(provider),
      ...(models === undefined ? {} : { models }),
    };
  }
  const fields = readObject(
    value,
    '(script)',
    new Set(['name', 'steps', 'dialect', 'quirks', 'toolFormat', 'models']),
  );
  const name = fields.name === undefined ? undefined : readString(fields.name, 'name');
  return {
    ...(name === undefined ? {} : { name }),
    steps: readSteps(fields.steps, 'steps'),
    ...readChatCompletionsOptions(fields),
    ...(fields.models === undefined ? {} : { models: readScriptModels(fields.models, 'models') }),
  };
}

function readSteps(value: unknown, path: string) {
  return readList(value, path).map((step, index) => parseLlmStep(step, `${path}[${index}]`));
}
