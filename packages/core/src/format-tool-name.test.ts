import { describe, expect, it } from 'vitest';
import { formatToolName } from './format-tool-name.js';

describe('formatToolName', () => {
  it.each([
    ['lookup_tool', 'Lookup Tool'],
    ['file_read', 'File Read'],
    ['database_query', 'Database Query'],
    ['get-weather', 'Get Weather'],
    ['getWeather', 'Get Weather'],
    ['search', 'Search'],
    ['courses__get_outline', 'Courses Get Outline'],
  ])('%s → %s', (name, expected) => {
    expect(formatToolName(name)).toBe(expected);
  });
});
