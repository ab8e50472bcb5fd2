import { describe, expect, it } from 'vitest';
import { messagesRules } from './messages-rules.js';

describe('the Messages API rule table', () => {
  it('names each rule once, under messages/', () => {
    const ids = messagesRules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !/^messages\/[a-z0-9-]+$/u.test(id))).toEqual([]);
  });

  it('gives every rule a summary and a source with an address to check it at', () => {
    const unsourced = messagesRules.filter(
      (rule) => rule.summary.trim() === '' || !/https:\/\/\S+/u.test(rule.source),
    );
    expect(unsourced.map((rule) => rule.id)).toEqual([]);
  });

  it('lists the rules in the order they are applied: the body, the conversation, then the reports', () => {
    const stages = messagesRules.map((rule) => rule.stage);
    const order = ['request', 'conversation', 'answer'];
    expect(stages).toEqual([...stages].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    expect(messagesRules.filter((rule) => rule.outcome === 'reports').map((rule) => rule.stage)).toEqual([
      'answer',
      'answer',
      'answer',
    ]);
  });
});
