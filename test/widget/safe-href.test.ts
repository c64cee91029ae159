import { describe, expect, it } from 'vitest';
import { safeHref } from '../../src/widget/safe-href.ts';

const BASE = 'https://docs.example.com/guides/';

describe('safeHref', () => {
  it('keeps site-relative, relative and http(s) URLs exactly as given', () => {
    for (const url of ['/guides/install/#setup', 'install/', '#top', '?q=1', 'https://example.com/x', 'http://example.com/', '//cdn.example.com/a']) {
      expect(safeHref(url, BASE)).toBe(url);
    }
  });

  it('refuses script-capable and other non-http(s) schemes', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'blob:https://x/y', 'file:///etc/passwd', 'mailto:a@b.c']) {
      expect(safeHref(url, BASE)).toBeNull();
    }
  });

  it('refuses javascript: however it is disguised, as the browser would parse it', () => {
    for (const url of [' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', '\u0001javascript:alert(1)', '\u0000javascript:alert(1)']) {
      expect(safeHref(url, BASE)).toBeNull();
    }
  });

  it('refuses empty, whitespace-only, unparsable and non-string URLs', () => {
    for (const url of ['', '   ', 'http://[', undefined, null, 42, {}]) {
      expect(safeHref(url, BASE)).toBeNull();
    }
  });
});
