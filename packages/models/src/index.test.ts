import { expect, it } from 'vitest';
import * as models from './index.js';

it('exports exactly the public API', () => {
  expect(Object.keys(models).sort()).toEqual([
    'anthropicModels',
    'bedrockModels',
    'findCatalogueModel',
    'geminiModels',
    'ollamaModels',
    'openAiChatModels',
    'toBedrockBaseModelId',
  ]);
});
