import { listJsonSchemaContents } from './list-json-schema-fields.js';
import { listCodeSpans, readMarkdownSections, type MarkdownSection } from './read-markdown-sections.js';

/**
 * What a reference document leaves out of a JSON Schema, one message each. A field must appear as a code span
 * (`` `name` ``) in the section of its parent: the section whose heading names, in a code span, the deepest
 * ancestor of the field that any heading names — by its whole path or by its last segments, so one section
 * (`` ### `content[]` ``) can document a shape used in several places. Top-level fields belong to the section
 * titled `topLevelHeading`. Every string an `enum` or `const` allows must appear as a code span somewhere.
 */
export function findUndocumentedFields({
  schema,
  markdown,
  topLevelHeading,
}: {
  schema: Record<string, unknown>;
  markdown: string;
  topLevelHeading: string;
}): string[] {
  const sections = readMarkdownSections(markdown);
  const { fields, allowedValues } = listJsonSchemaContents(schema);
  const problems = fields.flatMap((field) => {
    const section = findParentSection({ parent: field.parent, sections, topLevelHeading });
    if (section === undefined) return [`${field.path}: no section for its parent '${field.parent}'`];
    return listCodeSpans(section.text).has(field.name)
      ? []
      : [`${field.path}: \`${field.name}\` is not mentioned in the section "${section.heading}"`];
  });
  const codeSpans = listCodeSpans(markdown);
  const unnamed = allowedValues
    .filter((value) => !codeSpans.has(value))
    .map((value) => `the allowed value \`${value}\` is not mentioned anywhere`);
  return [...problems, ...unnamed];
}

function findParentSection({
  parent,
  sections,
  topLevelHeading,
}: {
  parent: string;
  sections: readonly MarkdownSection[];
  topLevelHeading: string;
}): MarkdownSection | undefined {
  for (const ancestor of ancestorsOf(parent)) {
    if (ancestor === '') return sections.find((section) => section.heading === topLevelHeading);
    const named = sections.flatMap((section) =>
      section.headingCodeSpans
        .filter((span) => ancestor === span || ancestor.endsWith(`.${span}`))
        .map((span) => ({ section, segments: span.split('.').length })),
    );
    const closest = named.sort((left, right) => right.segments - left.segments)[0];
    if (closest !== undefined) return closest.section;
  }
  return undefined;
}

/** `a.b[].c` → `a.b[].c`, `a.b[]`, `a.b`, `a`, `''`. */
function ancestorsOf(path: string): string[] {
  const ancestors = [path];
  let current = path;
  while (current !== '') {
    current = current.endsWith('[]')
      ? current.slice(0, -2)
      : current.includes('.')
        ? current.slice(0, current.lastIndexOf('.'))
        : '';
    ancestors.push(current);
  }
  return ancestors;
}
