import { describe, expect, it } from 'vitest';
import { extractFindings, findingsMarkers } from './render-benchmarks-document.js';

describe('extractFindings', () => {
  it('keeps the hand-written text between the markers', () => {
    const document = `# Benchmarks\n\n${findingsMarkers.start}\n\nThe loop is fast.\n\n${findingsMarkers.end}\n`;
    expect(extractFindings(document)).toBe('The loop is fast.');
  });

  it('gives a placeholder for a new document or one without markers', () => {
    expect(extractFindings(undefined)).toBe('No findings written yet.');
    expect(extractFindings('# Benchmarks')).toBe('No findings written yet.');
  });
});
