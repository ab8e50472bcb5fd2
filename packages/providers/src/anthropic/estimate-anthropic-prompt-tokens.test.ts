import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  estimateAnthropicPromptTokens,
  mayReachAnthropicPromptTokens,
  reachesAnthropicPromptTokens,
} from './estimate-anthropic-prompt-tokens.js';

describe('estimateAnthropicPromptTokens', () => {
  it('counts a token for every three bytes of the JSON of tools, system prompt and messages', () => {
    const params = {
      system: 'Be brief.',
      messages: [{ role: 'user' as const, content: 'Hi' }],
      tools: [{ name: 'echo', input_schema: { type: 'object' as const } }],
    };
    const json = JSON.stringify({ tools: params.tools, system: params.system, messages: params.messages });

    expect(estimateAnthropicPromptTokens(params)).toBe(Math.ceil(json.length / 3));
  });

  it('counts the UTF-8 bytes of text outside ASCII, not its characters', () => {
    // 日本語 is three bytes a character, the emoji four (two UTF-16 units): 9 + 4 bytes, plus the JSON around them.
    const messages = [{ role: 'user' as const, content: '日本語🙂' }];
    const around = JSON.stringify({ messages: [{ role: 'user', content: '' }] }).length;

    expect(estimateAnthropicPromptTokens({ messages })).toBe(Math.ceil((around + 13) / 3));
  });
});

describe('mayReachAnthropicPromptTokens', () => {
  const request = (text: string) => ({ messages: [{ role: 'user' as const, content: text }] });

  it('says no for a request far below the tokens, and yes once the estimate gets near them', () => {
    expect(mayReachAnthropicPromptTokens(request('Hi'), 1024)).toBe(false);
    expect(mayReachAnthropicPromptTokens(request('x'.repeat(3 * 1024)), 1024)).toBe(true);
  });

  it('bounds each character by its longest JSON form: a control character is written as six bytes', () => {
    for (const character of ['\u0001', '"', '日', '🙂', 'a']) {
      const text = request(character.repeat(3000));

      expect(mayReachAnthropicPromptTokens(text, estimateAnthropicPromptTokens(text))).toBe(true);
    }
  });

  it('bounds each number by its longest JSON form: 25 characters', () => {
    const longest = -0.0000014344407817898972;
    const request = {
      messages: [],
      tools: [
        { name: 'x', input_schema: { type: 'object' as const, enum: Array<number>(500).fill(longest) } },
      ],
    };

    expect(String(longest)).toHaveLength(25);
    expect(mayReachAnthropicPromptTokens(request, estimateAnthropicPromptTokens(request))).toBe(true);
  });

  it('counts the quotes, braces, brackets and commas around what is empty', () => {
    const withEnum = (values: unknown[]) => ({
      messages: [],
      tools: [{ name: 'x', input_schema: { type: 'object' as const, enum: values } }],
    });
    const strings = withEnum(Array<string>(1000).fill(''));
    const objects = withEnum(Array.from({ length: 1000 }, () => ({})));
    const lists = withEnum(Array.from({ length: 1000 }, () => []));

    for (const empty of [strings, objects, lists]) {
      expect(mayReachAnthropicPromptTokens(empty, estimateAnthropicPromptTokens(empty))).toBe(true);
    }
  });

  it('counts the quotes, colon and comma of each field', () => {
    // Fields named by control characters JSON writes as six (\b, \t, \n, \f and \r take two), each an empty
    // object: nothing but the fields' own characters, at their longest.
    const longEscapes = [
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      11,
      ...Array.from({ length: 18 }, (_unused, index) => 14 + index),
    ];
    const properties = Object.fromEntries(
      longEscapes.flatMap((first) => longEscapes.map((second) => [String.fromCharCode(first, second), {}])),
    );
    const request = {
      messages: [],
      tools: [{ name: 'x', input_schema: { type: 'object' as const, properties } }],
    };

    expect(Object.keys(properties)).toHaveLength(676);
    expect(mayReachAnthropicPromptTokens(request, estimateAnthropicPromptTokens(request))).toBe(true);
  });

  it('bounds each name of a field by its longest JSON form too', () => {
    const request = {
      messages: [],
      tools: [{ name: 'x', input_schema: { type: 'object' as const, ['\u0001'.repeat(3000)]: 1 } }],
    };

    expect(mayReachAnthropicPromptTokens(request, estimateAnthropicPromptTokens(request))).toBe(true);
  });

  it('never says no to a request whose estimate reaches the tokens, whatever its text and shape', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', '"', '\\', '\n', '\u0001', 'é', '日', '🙂'),
      maxLength: 200,
    });
    const params = fc.record({
      system: fc.option(text, { nil: undefined }),
      messages: fc.array(
        fc.record({
          role: fc.constantFrom('user' as const, 'assistant' as const),
          content: fc.oneof(text, fc.array(fc.record({ type: fc.constant('text' as const), text }))),
        }),
      ),
      tools: fc.option(
        fc.array(
          fc.record({
            name: text,
            // A tool's schema holds any JSON: numbers (1e21, 5e-324), booleans and nulls among it.
            input_schema: fc.record({ type: fc.constant('object' as const), default: fc.jsonValue() }),
            description: text,
          }),
        ),
        { nil: undefined },
      ),
    });
    fc.assert(
      fc.property(params, (request) => {
        // The tightest case: the tokens the estimate gives exactly.
        expect(mayReachAnthropicPromptTokens(request, estimateAnthropicPromptTokens(request))).toBe(true);
      }),
    );
  });

  it('leaves a value with its own JSON form (a Date) to the estimate', () => {
    const withDate = { messages: [{ role: 'user' as const, content: new Date(0) as unknown as string }] };

    expect(mayReachAnthropicPromptTokens(withDate, 1024)).toBe(true);
  });

  const withToJson = <T extends object>(value: T, json: unknown): T =>
    Object.assign(value, { toJSON: () => json });
  const iteratingNothing = (list: unknown[]) =>
    Object.assign(list, {
      [Symbol.iterator]: function* () {
        /* JSON.stringify reads an array by index, not through its iterator */
      },
    });
  it.each([
    ['boxed numbers', Array.from({ length: 500 }, () => Object(1e21) as unknown)],
    ['boxed booleans', Array.from({ length: 1000 }, () => Object(false) as unknown)],
    ['a function with its own toJSON', withToJson(() => undefined, 'x'.repeat(5000))],
    [
      'an array with an iterator of its own',
      iteratingNothing(Array.from({ length: 500 }, () => 'x'.repeat(10))),
    ],
    ['an array with its own toJSON', withToJson([], 'x'.repeat(5000))],
    [
      'an instance of a subclass of Array with a toJSON',
      new (class Padded extends Array<number> {
        toJSON() {
          return 'x'.repeat(5000);
        }
      })(),
    ],
  ])('never says no for what is not plain JSON but writes long JSON: %s', (_case, value) => {
    const request = {
      messages: [],
      tools: [{ name: 'x', input_schema: { type: 'object' as const, value } }],
    };

    expect(mayReachAnthropicPromptTokens(request, estimateAnthropicPromptTokens(request))).toBe(true);
  });
});

describe('reachesAnthropicPromptTokens', () => {
  const text = fc.string({
    unit: fc.constantFrom('a', '"', '\\', '\n', '\u0001', 'é', '日', '🙂'),
    maxLength: 300,
  });
  const request = fc.record({
    system: fc.option(text, { nil: undefined }),
    messages: fc.array(
      fc.record({
        role: fc.constantFrom('user' as const, 'assistant' as const),
        content: fc.oneof(
          text,
          fc.array(
            fc.record({
              type: fc.constant('text' as const),
              text,
              // A field JSON leaves out, which a bound from below must not count.
              cache_control: fc.constant(undefined),
            }),
          ),
        ),
      }),
      { maxLength: 30 },
    ),
    tools: fc.option(
      fc.array(
        fc.record({
          name: text,
          input_schema: fc.record({ type: fc.constant('object' as const), default: fc.jsonValue() }),
        }),
      ),
      { nil: undefined },
    ),
  });

  it('says what the estimate says, for any request and any tokens, at and around its own estimate', () => {
    fc.assert(
      fc.property(request, fc.integer({ min: -3, max: 3 }), (params, offset) => {
        const tokens = Math.max(1, estimateAnthropicPromptTokens(params) + offset);

        expect(reachesAnthropicPromptTokens(params, tokens)).toBe(
          estimateAnthropicPromptTokens(params) >= tokens,
        );
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the exact bytes of the messages it may keep, and says the same when it reads them back', () => {
    fc.assert(
      fc.property(request, fc.integer({ min: -3, max: 3 }), (params, offset) => {
        const tokens = Math.max(1, estimateAnthropicPromptTokens(params) + offset);
        const counts = new Map<object, number>();
        // Only the messages may be kept, as a conversion keeps only the messages it made.
        const known = {
          get: (value: object) => counts.get(value),
          set: (value: object, bytes: number) => {
            if ((params.messages as object[]).includes(value)) counts.set(value, bytes);
          },
        };
        const expected = estimateAnthropicPromptTokens(params) >= tokens;

        expect(reachesAnthropicPromptTokens(params, tokens, known)).toBe(expected);
        for (const [message, bytes] of counts) expect(bytes).toBe(Buffer.byteLength(JSON.stringify(message)));
        expect(reachesAnthropicPromptTokens(params, tokens, known)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('says no at the last byte: its bound from below is exact for plain letters, digits, booleans and null', () => {
    // JSON whose every value is written in as many bytes as the bound counts: the tightest case for it.
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string({ unit: fc.constantFrom('a', 'b', ' '), maxLength: 40 }),
        fc.integer({ min: 0, max: 9 }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 8 }),
        fc.dictionary(
          fc.string({ unit: fc.constantFrom('k', 'e', 'y'), minLength: 1, maxLength: 6 }),
          tie('value'),
          {
            maxKeys: 6,
          },
        ),
      ),
    }));
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 1 }),
        (values, offset) => {
          const params = {
            messages: [{ role: 'user' as const, content: 'hi' }],
            tools: [{ name: 'x', input_schema: { type: 'object' as const, default: values } }],
          };
          const tokens = estimateAnthropicPromptTokens(params) + offset;

          expect(reachesAnthropicPromptTokens(params, tokens)).toBe(offset === 0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts no field JSON may leave out (a value whose toJSON gives nothing), and rounds fractional tokens up', () => {
    const leftOut = {
      messages: [{ role: 'user' as const, content: 'hi', ['k'.repeat(3000)]: { toJSON: () => undefined } }],
    };
    const fractional = { messages: [{ role: 'user' as const, content: 'x'.repeat(12) }] };

    expect(reachesAnthropicPromptTokens(leftOut, 100)).toBe(estimateAnthropicPromptTokens(leftOut) >= 100);
    expect(reachesAnthropicPromptTokens(fractional, 10.5)).toBe(
      estimateAnthropicPromptTokens(fractional) >= 10.5,
    );
  });

  it('counts only the fields of each object JSON writes: its own, not one added to every object', () => {
    const params = { messages: [{ role: 'user' as const, content: 'x'.repeat(40) }] };
    const estimate = estimateAnthropicPromptTokens(params);
    // An enumerable field inherited by every object (a polluted prototype): JSON.stringify leaves it out.
    Object.defineProperty(Object.prototype, 'inherited', {
      value: 'y'.repeat(3000),
      writable: true,
      enumerable: true,
      configurable: true,
    });
    try {
      expect(estimateAnthropicPromptTokens(params)).toBe(estimate);
      expect([estimate, estimate + 1].map((tokens) => reachesAnthropicPromptTokens(params, tokens))).toEqual([
        true,
        false,
      ]);
    } finally {
      delete (Object.prototype as Record<string, unknown>)['inherited'];
    }
  });

  it('decides a request between its bounds by counting, without writing its JSON', () => {
    // Line breaks are bounded at six bytes each from above and written in two: this request is between.
    const params = {
      messages: [
        { role: 'user' as const, content: 'line\n'.repeat(500) },
        { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'Read them.' }] },
      ],
    };
    const estimate = estimateAnthropicPromptTokens(params);
    expect(mayReachAnthropicPromptTokens(params, estimate + 1)).toBe(true);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect([estimate, estimate + 1].map((tokens) => reachesAnthropicPromptTokens(params, tokens))).toEqual([
        true,
        false,
      ]);
      // Only the text with line breaks is written out, to count its bytes; never the request.
      expect(stringify.mock.calls.map(([value]) => typeof value)).toEqual(['string', 'string']);
    } finally {
      stringify.mockRestore();
    }
  });

  it('says yes once what it has read is past the tokens, without writing the JSON of the rest (a large result)', () => {
    const unwritable = {
      toJSON() {
        throw new Error('the whole request was written');
      },
    };
    const params = {
      system: 'x'.repeat(4000),
      messages: [
        { role: 'user' as const, content: [unwritable as unknown as { type: 'text'; text: string }] },
      ],
    };

    expect(reachesAnthropicPromptTokens(params, 1024)).toBe(true);
  });
});
