import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';
import type { DefinitionSchema, RequestDefinition } from '../src/definitions/request-definition.ts';
import { normalize } from './normalize-definition-schema.ts';

/** The AWS SDK whose request types describe Bedrock's Converse request. */
export const bedrockSdkVersion = '3.1164.0';
const file = 'dist-types/models/models_0.d.ts';
const entry = 'ConverseStreamRequest';

/**
 * Bedrock's ConverseStream request body, as the official AWS SDK's `ConverseStreamRequest` types it (generated
 * by AWS from the service's Smithy model): the union members of the SDK (`ContentBlock.TextMember`, …) as
 * single-field objects, without the SDK's own `$unknown` member; a blob (`Uint8Array`) as the base64 string it
 * is in JSON; `modelId` left out, as it travels in the path. The SDK's types carry no length or range limits.
 */
export function readBedrockDefinition(): RequestDefinition {
  const directory = mkdtempSync(join(tmpdir(), 'toolloop-bedrock-sdk-'));
  try {
    execFileSync('npm', ['init', '-y'], { cwd: directory, stdio: 'ignore' });
    execFileSync(
      'npm',
      ['install', '--ignore-scripts', `@aws-sdk/client-bedrock-runtime@${bedrockSdkVersion}`],
      {
        cwd: directory,
        stdio: 'inherit',
      },
    );
    const path = join(directory, 'node_modules/@aws-sdk/client-bedrock-runtime', file);
    const generated = createGenerator({
      path,
      type: entry,
      skipTypeCheck: true,
      expose: 'export',
      topRef: true,
      jsDoc: 'none',
      additionalProperties: false,
    }).createSchema(entry) as { definitions: Record<string, unknown> };
    const definitions: Record<string, DefinitionSchema> = {};
    for (const [name, schema] of Object.entries(generated.definitions)) {
      if (name.endsWith('.$UnknownMember')) continue;
      definitions[name] = normalize(rewriteSdkShapes(schema), (reference) => decodeURIComponent(reference));
    }
    const root = definitions[entry];
    if (root?.properties !== undefined) {
      const { modelId: _path, ...properties } = root.properties;
      definitions[entry] = {
        ...root,
        properties,
        required: root.required?.filter((field) => field !== 'modelId'),
      };
    }
    return {
      source: {
        origin:
          "The request types of the official AWS SDK for JavaScript, generated from Bedrock's Smithy model",
        version: `@aws-sdk/client-bedrock-runtime ${bedrockSdkVersion}`,
        url: `https://www.npmjs.com/package/@aws-sdk/client-bedrock-runtime/v/${bedrockSdkVersion}`,
        entry: `${file}: ${entry}`,
      },
      root: { $ref: `#/definitions/${entry}` },
      definitions,
      modelIds: [],
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The SDK's `$unknown` union members dropped, and its `Uint8Array` blobs as strings (base64 in JSON). */
function rewriteSdkShapes(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    return schema
      .filter(
        (item) => !(isRecord(item) && typeof item.$ref === 'string' && /UnknownMember$/u.test(item.$ref)),
      )
      .map(rewriteSdkShapes);
  }
  if (!isRecord(schema)) return schema;
  if (isRecord(schema.properties) && 'BYTES_PER_ELEMENT' in schema.properties) return { type: 'string' };
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, rewriteSdkShapes(value)]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
