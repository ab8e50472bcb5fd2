/** What starts the ids this provider gives calls the API sent without one. */
const generatedPrefix = 'gemini-call-';

/** The id of a function call the API sent without one: its response and its position, unique within a turn. */
export function createGeminiCallId(options: { responseId: string | undefined; index: number }): string {
  return `${generatedPrefix}${options.responseId ?? 'response'}-${options.index}`;
}

/** Whether an id is one this provider made up (then it is not sent back: the API matches responses by name). */
export function isGeneratedGeminiCallId(id: string): boolean {
  return id.startsWith(generatedPrefix);
}
