import { describe, expect, it } from 'vitest';
import * as report from './index.js';

describe('the report module', () => {
  it('exports these values and no others', () => {
    expect(Object.keys(report).sort()).toEqual([
      'createFileReporter',
      'createHtmlReporter',
      'createJsonReporter',
      'createJunitReporter',
      'createPrettyReporter',
      'createReporters',
      'createStreamingFileReporter',
      'isReporterName',
      'renderHtmlReport',
      'reporters',
      'toJsonReport',
      'toJsonReportText',
      'toJunitXml',
    ]);
  });
});
