import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const projectDirectory = join(import.meta.dirname, '..');

it('the README says what each scenario of the suite proves, and lists no other', async () => {
  const readme = await readFile(join(projectDirectory, 'README.md'), 'utf8');
  const listed = [...readme.matchAll(/^\| \[`([\w-]+\.yaml)`\]\(scenarios\/\1\)/gmu)].map(
    (match) => match[1],
  );
  const files = await readdir(join(projectDirectory, 'scenarios'));

  expect(listed.sort()).toEqual(files.sort());
});
