/** A Markdown document cut at its `## ` headings: the text before the first, then each section with its heading. */
interface DocumentSections {
  preamble: string;
  sections: Array<{ title: string; text: string }>;
}

/** The sections that describe a whole run, which a run of some benchmarks leaves as they were. */
const wholeRunTitles = new Set(['Machine', 'Goals']);

/** The sections that hold no figures, which get no note. */
const figurelessTitles = new Set(['Commands', 'Findings']);

/**
 * docs/BENCHMARKS.md after a run of some benchmarks: `next` (the document rendered from that run) gives the
 * preamble and its sections; `previous` keeps the sections of the benchmarks not run, and its machine and goals,
 * which describe the full run they came from. Each section of figures taken from `next` starts with `note` (when
 * and how it was measured, apart from the rest). A section new to the document goes before its goals (else
 * before its findings, else at its end).
 */
export function mergeBenchmarksDocument({
  previous,
  next,
  note,
}: {
  previous: string;
  next: string;
  note: string;
}): string {
  const old = splitSections(previous);
  const fresh = splitSections(next);
  const replacements = new Map(
    fresh.sections
      .filter(({ title }) => !wholeRunTitles.has(title))
      .map(({ title, text }) => [
        title,
        figurelessTitles.has(title) ? text : text.replace(/^(## .+\n\n)/u, `$1${note}\n\n`),
      ]),
  );
  const merged = old.sections.map(({ title, text }) => ({ title, text: replacements.get(title) ?? text }));
  const added = fresh.sections.flatMap(({ title }) => {
    const text = replacements.get(title);
    return text === undefined || old.sections.some((section) => section.title === title)
      ? []
      : [{ title, text }];
  });
  const before = ['Goals', 'Findings'].map((title) => merged.findIndex((section) => section.title === title));
  const at = before.find((index) => index !== -1) ?? merged.length;
  merged.splice(at, 0, ...added);
  return fresh.preamble + merged.map(({ text }) => text).join('');
}

function splitSections(document: string): DocumentSections {
  const starts = [...document.matchAll(/^## (.+)$/gmu)];
  const first = starts[0]?.index ?? document.length;
  return {
    preamble: document.slice(0, first),
    sections: starts.map((start, position) => ({
      title: start[1] ?? '',
      text: document.slice(start.index, starts[position + 1]?.index ?? document.length),
    })),
  };
}
