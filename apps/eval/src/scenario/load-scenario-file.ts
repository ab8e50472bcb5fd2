import { readFile } from 'node:fs/promises';
import { locateYamlNode } from '@toolloop/mock-mcp';
import { LineCounter, parseDocument } from 'yaml';
import { ScenarioFileError } from './scenario-file-error.js';
import { scenarioSchema, type Scenario } from './scenario-schema.js';
import { toScenarioIssues } from './to-scenario-issues.js';

/** A scenario read from its file, valid. */
export interface LoadedScenario {
  file: string;
  scenario: Scenario;
}

/**
 * Reads and validates one scenario file (YAML, or JSON, which YAML reads too). Throws `ScenarioFileError`
 * listing every problem with its line, column and field path.
 */
export async function loadScenarioFile(file: string): Promise<LoadedScenario> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ScenarioFileError([
      { file, path: '(root)', message: `cannot read the file: ${(error as Error).message}` },
    ]);
  }
  return { file, scenario: parseScenarioText({ text, file }) };
}

/** Validates scenario text; `file` names it in errors. */
export function parseScenarioText({ text, file }: { text: string; file: string }): Scenario {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true });
  if (document.errors.length > 0) {
    throw new ScenarioFileError(
      document.errors.map((error) => {
        const position = error.linePos?.[0];
        return {
          file,
          path: '(root)',
          message: `not valid YAML: ${error.message.split('\n')[0] ?? error.code}`,
          ...(position === undefined ? {} : { line: position.line, column: position.col }),
        };
      }),
    );
  }
  const parsed = scenarioSchema.safeParse(document.toJS(), { reportInput: true });
  if (parsed.success) return parsed.data;
  throw new ScenarioFileError(
    toScenarioIssues({
      issues: parsed.error.issues,
      file,
      locate: (path, target) => locateYamlNode({ document, lineCounter, path, target }),
    }),
  );
}
