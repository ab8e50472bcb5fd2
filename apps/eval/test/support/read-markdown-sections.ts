/** One heading of a Markdown document and everything under it, down to the next heading of its level or above. */
export interface MarkdownSection {
  /** The heading's text, without the leading `#`s. */
  heading: string;
  level: number;
  /** The contents of the heading's code spans: `` ## `loop` — options `` gives `['loop']`. */
  headingCodeSpans: string[];
  /** The heading line and the section's body, subsections included. */
  text: string;
}

/** Splits a Markdown document into its sections; `#` lines inside fenced code blocks are not headings. */
export function readMarkdownSections(markdown: string): MarkdownSection[] {
  const lines = markdown.split('\n');
  const headings: Array<{ index: number; level: number; heading: string }> = [];
  let inFence = false;
  for (const [index, line] of lines.entries()) {
    if (/^(```|~~~)/.test(line)) inFence = !inFence;
    const match = inFence ? null : /^(#{1,6}) (.*)$/.exec(line);
    if (match !== null) headings.push({ index, level: match[1]!.length, heading: match[2]!.trim() });
  }
  return headings.map(({ index, level, heading }, position) => {
    const end = headings.slice(position + 1).find((next) => next.level <= level)?.index ?? lines.length;
    return {
      heading,
      level,
      headingCodeSpans: [...heading.matchAll(/`([^`]+)`/g)].map((match) => match[1]!),
      text: lines.slice(index, end).join('\n'),
    };
  });
}

/** The code spans of a Markdown text, fenced code blocks left out: what a reader sees set as code. */
export function listCodeSpans(markdown: string): Set<string> {
  const withoutFences = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  return new Set([...withoutFences.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!));
}
