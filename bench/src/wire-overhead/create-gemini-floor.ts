import { GoogleGenAI, type Content, type Part } from '@google/genai';
import { echoTool, loopAnswer, loopPrompt } from '../loop-overhead/loop-script.js';
import { createUnfinishedLoopError, type WireContender } from './wire-contender.js';
import { wireMaxTokens, wireModelIds } from './wire-models.js';

/**
 * The floor on Gemini: a loop written by hand on `@google/genai`'s `generateContentStream`. Each stream's parts
 * are kept as they came (a call's signature with it), the model's content goes back whole, followed by a user
 * content of one `functionResponse` per call.
 */
export function createGeminiFloor({ rounds }: { rounds: number }): WireContender {
  const tools = [
    {
      functionDeclarations: [
        {
          name: echoTool.name,
          description: echoTool.description,
          parametersJsonSchema: echoTool.inputSchema,
        },
      ],
    },
  ];
  return {
    wire: 'gemini',
    role: 'floor',
    async run(scriptURL) {
      const ai = new GoogleGenAI({
        apiKey: 'bench',
        httpOptions: { baseUrl: scriptURL, retryOptions: { attempts: 1 } },
      });
      const contents: Content[] = [{ role: 'user', parts: [{ text: loopPrompt }] }];
      for (let request = 0; request <= rounds; request += 1) {
        const stream = await ai.models.generateContentStream({
          model: wireModelIds.gemini,
          contents: [...contents],
          config: { tools, maxOutputTokens: wireMaxTokens },
        });
        const parts: Part[] = [];
        for await (const chunk of stream) parts.push(...(chunk.candidates?.[0]?.content?.parts ?? []));
        const calls = parts.flatMap((part) => (part.functionCall === undefined ? [] : [part.functionCall]));
        if (calls.length === 0) {
          const text = parts.map((part) => part.text ?? '').join('');
          if (text !== loopAnswer || request !== rounds)
            throw createUnfinishedLoopError({ contender: 'The Gemini floor', request, answer: text });
          return;
        }
        contents.push(
          { role: 'model', parts },
          {
            role: 'user',
            parts: calls.map((call) => ({
              functionResponse: {
                ...(call.id === undefined ? {} : { id: call.id }),
                name: call.name ?? '',
                response: { output: echoTool.output },
              },
            })),
          },
        );
      }
      throw createUnfinishedLoopError({ contender: 'The Gemini floor', request: rounds, answer: '' });
    },
  };
}
