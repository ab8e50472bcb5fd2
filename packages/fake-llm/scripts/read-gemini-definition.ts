/**
 * Gemini's generateContent request as the official SDK, @google/genai, types its parts: the SDK has no type for
 * the wire's body (its `GenerateContentParameters` are its own), so the body is declared here from the SDK's
 * `Content`, `Tool`, `ToolConfig`, `SafetySetting` and `GenerationConfig`, which are the API's own messages in
 * their JSON (camelCase) form, as the SDK's converter sends them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';
import type { DefinitionSchema, RequestDefinition } from '../src/definitions/request-definition.ts';
import { normalize } from './normalize-definition-schema.ts';

/** The SDK version whose types describe the request: the last one that runs on Node 20. */
export const geminiSdkVersion = '2.32.0';

const entry = 'GenerateContentRequest';

const entryFile = `import type { Content, GenerationConfig, SafetySetting, Tool, ToolConfig } from '@google/genai';

/** The body of POST /v1beta/models/{model}:generateContent and :streamGenerateContent. */
export interface ${entry} {
  contents: Content[];
  systemInstruction?: Content;
  tools?: Tool[];
  toolConfig?: ToolConfig;
  safetySettings?: SafetySetting[];
  generationConfig?: GenerationConfig;
  cachedContent?: string;
}
`;

/** Installs the SDK into a temporary directory (the npm registry) and generates the request's definition. */
export function readGeminiDefinition(): RequestDefinition {
  const directory = mkdtempSync(join(tmpdir(), 'toolloop-gemini-sdk-'));
  try {
    execFileSync('npm', ['init', '-y'], { cwd: directory, stdio: 'ignore' });
    execFileSync('npm', ['install', '--ignore-scripts', `@google/genai@${geminiSdkVersion}`], {
      cwd: directory,
      stdio: 'inherit',
    });
    const path = join(directory, 'request.ts');
    writeFileSync(path, entryFile);
    const tsconfig = join(directory, 'tsconfig.json');
    const compilerOptions = {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      strict: true,
      skipLibCheck: true,
    };
    writeFileSync(tsconfig, JSON.stringify({ compilerOptions, files: ['request.ts'] }));
    const generated = createGenerator({
      path,
      tsconfig,
      type: entry,
      skipTypeCheck: true,
      expose: 'export',
      topRef: true,
      jsDoc: 'none',
      additionalProperties: false,
    }).createSchema(entry) as { definitions: Record<string, unknown> };
    const definitions: Record<string, DefinitionSchema> = {};
    for (const [name, schema] of Object.entries(generated.definitions)) {
      definitions[name] = normalize(schema, (reference) => reference);
    }
    return {
      source: {
        origin:
          "Gemini's generateContent request, from the message types of the official SDK @google/genai (dist/genai.d.ts)",
        version: `@google/genai ${geminiSdkVersion}`,
        url: `https://www.npmjs.com/package/@google/genai/v/${geminiSdkVersion}`,
        entry: `${entry} { contents: Content[]; systemInstruction?: Content; tools?: Tool[]; toolConfig?: ToolConfig; safetySettings?: SafetySetting[]; generationConfig?: GenerationConfig; cachedContent?: string }`,
      },
      root: { $ref: `#/definitions/${entry}` },
      definitions,
      // The model is named in the path, not the body.
      modelIds: [],
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
