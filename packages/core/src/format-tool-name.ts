/**
 * A tool name as a person reads it: `lookup_tool` → `Lookup Tool`, `file-read` → `File Read`,
 * `getWeather` → `Get Weather`.
 */
export function formatToolName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
