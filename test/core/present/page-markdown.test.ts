import { describe, expect, it } from 'vitest';
import { pageMarkdown, sectionMarkdown } from '../../../src/core/index.ts';
import { sectionOf } from '../../support/section.ts';

const intro = sectionOf({ anchor: '', title: 'Routing', breadcrumb: ['Routing'], depth: 1, text: 'How requests find handlers.', code: '', description: 'Routes and their parameters.' });
const params = sectionOf({ anchor: 'route-parameters', title: 'Route parameters', breadcrumb: ['Routing', 'Route parameters'], depth: 2, text: 'First.\nSecond.', code: "app.get('/:id', h)" });

describe('pageMarkdown', () => {
  it('writes the title once, the description, then each section with its heading at its depth, paragraphs and fenced code', () => {
    expect(pageMarkdown([intro, params])).toBe(
      "# Routing\n\n> Routes and their parameters.\n\nHow requests find handlers.\n\n## Route parameters\n\nFirst.\n\nSecond.\n\n```\napp.get('/:id', h)\n```\n",
    );
  });

  it('is empty for no sections', () => {
    expect(pageMarkdown([])).toBe('');
  });
});

describe('sectionMarkdown', () => {
  it('fences code with more backticks than the code holds, so the code cannot end the fence', () => {
    const md = sectionMarkdown(sectionOf({ title: 'Fences', depth: 3, text: '', code: 'echo ```not the end```' }));
    expect(md).toBe('### Fences\n\n````\necho ```not the end```\n````');
  });

  it('keeps a heading on one line whatever its text holds', () => {
    expect(sectionMarkdown(sectionOf({ title: 'A\nB', depth: 2, text: 'x', code: '' }))).toBe('## A B\n\nx');
  });
});
