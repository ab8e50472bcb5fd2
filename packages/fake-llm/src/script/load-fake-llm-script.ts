import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { FakeLlmScript } from './fake-llm-script.js';
import { parseFakeLlmScript } from './parse-fake-llm-script.js';

/**
 * Reads a script file: JSON, or YAML (`.yaml`, `.yml`), in any shape `parseFakeLlmScript` accepts. Relative
 * `replay` paths start at the file's directory; the name defaults to the file name.
 */
export async function loadFakeLlmScript(
  path: string,
): Promise<{ success: true; value: FakeLlmScript } | { success: false; error: string }> {
  const absolutePath = resolve(path);
  let text: string;
  try {
    text = await readFile(absolutePath, 'utf8');
  } catch (error) {
    return { success: false, error: `Cannot read ${absolutePath}: ${describe(error)}` };
  }
  let data: unknown;
  try {
    data = /\.ya?ml$/iu.test(absolutePath) ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    return {
      success: false,
      error: `${absolutePath} is not valid ${/\.ya?ml$/iu.test(absolutePath) ? 'YAML' : 'JSON'}: ${describe(error)}`,
    };
  }
  const parsed = parseFakeLlmScript(data);
  if (!parsed.success) return { success: false, error: `${absolutePath}: ${parsed.error}` };
  return {
    success: true,
    value: { name: basename(absolutePath), ...parsed.value, baseDirectory: dirname(absolutePath) },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
