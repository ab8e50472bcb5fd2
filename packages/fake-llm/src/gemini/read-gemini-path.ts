import { geminiPathPattern } from '../handler/find-endpoint.js';

/** What a Gemini path names: the API version, the model, and whether the answer streams (and how). */
export interface GeminiPath {
  apiVersion: 'v1beta' | 'v1';
  model: string;
  method: 'generateContent' | 'streamGenerateContent';
  /**
   * How the answer is sent: one JSON response (`generateContent`), server-sent events
   * (`streamGenerateContent?alt=sse`), or a JSON array of the same chunks (`streamGenerateContent` without it).
   */
  delivery: 'json' | 'sse' | 'json-array';
  /** The key of `x-goog-api-key` or `?key=`, when the request has one. */
  apiKey: string | undefined;
}

/** Reads a Gemini request's URL and key; `undefined` for a path that is not one of Gemini's. */
export function readGeminiPath(request: Request): GeminiPath | undefined {
  const url = new URL(request.url);
  const match = geminiPathPattern.exec(url.pathname);
  if (match === null) return undefined;
  const [, apiVersion, model, method] = match;
  const stream = method === 'streamGenerateContent';
  const apiKey = request.headers.get('x-goog-api-key') ?? url.searchParams.get('key') ?? undefined;
  return {
    apiVersion: apiVersion === 'v1' ? 'v1' : 'v1beta',
    model: decodeURIComponent(model ?? ''),
    method: stream ? 'streamGenerateContent' : 'generateContent',
    delivery: !stream ? 'json' : url.searchParams.get('alt') === 'sse' ? 'sse' : 'json-array',
    apiKey: apiKey === '' ? undefined : apiKey,
  };
}
