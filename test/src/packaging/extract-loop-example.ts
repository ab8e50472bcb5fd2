/**
 * The loop example of a Markdown document: its first `ts` code block that runs the loop on its own (it calls
 * `runToolLoop` with the scripted model of `@toolloop/core/testing`, so it needs no API key). Throws, naming the
 * document, when there is none.
 */
export function extractLoopExample({ markdown, document }: { markdown: string; document: string }): string {
  for (const [, code = ''] of markdown.matchAll(/^```ts\n([\s\S]*?)^```/gmu)) {
    if (code.includes('runToolLoop(') && code.includes('createScriptedModel(')) return code;
  }
  throw new Error(
    `${document} has no self-contained loop example (a ts block calling runToolLoop with createScriptedModel).`,
  );
}
