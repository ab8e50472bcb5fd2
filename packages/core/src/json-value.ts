/** A value that survives `JSON.stringify` / `JSON.parse` unchanged. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object: the shape of tool inputs, structured tool output and provider data. */
export type JsonObject = { [key: string]: JsonValue };
