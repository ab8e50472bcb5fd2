import { defineTool, runToolLoop, type StopReason, type ToolLoopRun } from '@toolloop/core';
import { createScriptedModel } from '@toolloop/core/testing';
import { z } from 'zod';

/** One stop of the tour: a turn set up to end a particular way. */
export interface TourStop {
  title: string;
  expected: StopReason;
  start: () => ToolLoopRun;
}

const getCourseOutline = defineTool({
  name: 'get_course_outline',
  description: 'Outline of one course',
  inputSchema: z.object({ course: z.string() }),
  execute: ({ course }) =>
    course === 'X' ? 'Lesson 4: Retrieval-augmented generation' : `No course named ${course}`,
});

const searchCourseContent = defineTool({
  name: 'search_course_content',
  description: 'Search all course materials',
  inputSchema: z.object({ query: z.string() }),
  execute: ({ query }) => `Course Y, lesson 2, covers ${query}.`,
});

const flakyLookup = defineTool({
  name: 'lookup_user',
  inputSchema: z.object({ id: z.number() }),
  execute: () => {
    throw new Error('user database unavailable');
  },
});

const slowReport = defineTool({
  name: 'build_report',
  inputSchema: z.object({}),
  execute: (_input, { signal }) =>
    new Promise((_resolve, reject) => {
      signal.addEventListener('abort', () => {
        reject(new Error('cancelled'));
      });
    }),
});

const courseTools = [getCourseOutline, searchCourseContent];

/** The tour: the loop's main behaviours, each ending with its own stop reason. */
export const tourStops: TourStop[] = [
  {
    title: 'Two sequential rounds, then a final answer without tools',
    expected: 'max_rounds',
    start: () =>
      runToolLoop({
        model: createScriptedModel([
          {
            thinking: 'I need the outline of course X first.',
            toolCalls: [{ name: 'get_course_outline', input: { course: 'X' } }],
          },
          {
            toolCalls: [
              { name: 'search_course_content', input: { query: 'retrieval-augmented generation' } },
            ],
          },
          { text: 'Course Y covers the same topic in lesson 2.' },
        ]),
        tools: courseTools,
        prompt: 'Which course discusses the same topic as lesson 4 of course X?',
        maxRounds: 2,
        progressivePrompt: true,
      }),
  },
  {
    title: 'Three tool errors in a row stop the turn',
    expected: 'consecutive_errors',
    start: () =>
      runToolLoop({
        model: createScriptedModel((_request, index) => ({
          toolCalls: [{ name: 'lookup_user', input: { id: index } }],
        })),
        tools: [flakyLookup],
        prompt: 'Who is user 7?',
      }),
  },
  {
    title: 'A per-message tool limit, then an answer from what was gathered',
    expected: 'tool_limit',
    start: () =>
      runToolLoop({
        model: createScriptedModel([
          { toolCalls: [{ name: 'search_course_content', input: { query: 'agents' } }] },
          { toolCalls: [{ name: 'search_course_content', input: { query: 'tools' } }] },
          { text: 'From one search: course Y, lesson 2 covers agents.' },
        ]),
        tools: courseTools,
        prompt: 'Find everything about agents and tools.',
        maxToolCalls: 1,
      }),
  },
  {
    title: 'The model says it cannot complete the task',
    expected: 'gave_up',
    start: () =>
      runToolLoop({
        model: createScriptedModel([
          {
            toolCalls: [
              { name: 'cannot_complete_task', input: { reason: 'Course Z is not in the catalogue.' } },
            ],
          },
        ]),
        tools: courseTools,
        prompt: 'Summarise course Z.',
        explicitStop: true,
      }),
  },
  {
    title: 'A hanging tool hits the whole-turn timeout',
    expected: 'timeout',
    start: () =>
      runToolLoop({
        model: createScriptedModel([{ toolCalls: [{ name: 'build_report', input: {} }] }]),
        tools: [slowReport],
        prompt: 'Build the quarterly report.',
        timeoutMs: 200,
      }),
  },
];
