import { describe, expect, it } from 'vitest';

describe('@toolloop/eval', () => {
  it('exports exactly these values (the command line and its helpers are not among them)', async () => {
    const entry = await import('@toolloop/eval');

    expect(Object.keys(entry).sort()).toEqual([
      'EmptySelectionError',
      'LiveSetupError',
      'RecordingFileError',
      'ScenarioFileError',
      'configSchema',
      'createHtmlReporter',
      'createJsonReporter',
      'createJunitReporter',
      'createPrettyReporter',
      'createReporters',
      'createScenarioJsonSchema',
      'defineAgent',
      'defineConfig',
      'findConfigFile',
      'findScenarioFiles',
      'formatScenarioIssue',
      'isAgent',
      'loadConfigFile',
      'loadScenarioFile',
      'parseScenarioText',
      'readRecording',
      'recordingDirectoryOf',
      'reporters',
      'runScenario',
      'runScenarios',
      'scenarioSchema',
      'selectScenarios',
      'writeRecording',
    ]);
  });
});
