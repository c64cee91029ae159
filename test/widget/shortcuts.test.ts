import { describe, expect, it } from 'vitest';
import { ariaKeyShortcuts, isBare, isEditable, matchesShortcut, nextIndex, parseShortcuts, shortcutLabel } from '../../src/widget/keyboard.ts';

const key = (k: string, mods: Partial<Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods }) as KeyboardEvent;

describe('parseShortcuts', () => {
  it('reads the default, lists, off, and the plus key', () => {
    expect(parseShortcuts('mod+k /')).toEqual([
      { key: 'k', mod: true, ctrl: false, meta: false, alt: false, shift: false },
      { key: '/', mod: false, ctrl: false, meta: false, alt: false, shift: false },
    ]);
    expect(parseShortcuts('Ctrl+Shift+F, alt+s').map((s) => [s.key, s.ctrl, s.shift, s.alt])).toEqual([
      ['f', true, true, false],
      ['s', false, false, true],
    ]);
    for (const off of ['off', 'none', '', '  ']) expect(parseShortcuts(off)).toEqual([]);
    expect(parseShortcuts('mod++')[0]).toMatchObject({ key: '+', mod: true });
  });

  it('names the bad shortcut in its error', () => {
    expect(() => parseShortcuts('mod+')).toThrow(/shortcut "mod\+"/);
    expect(() => parseShortcuts('hyper+k')).toThrow(/shortcut "hyper\+k"/);
    expect(() => parseShortcuts('ctrl')).toThrow(/shortcut "ctrl"/);
  });
});

describe('matchesShortcut', () => {
  const [modK, slash] = parseShortcuts('mod+k /') as [ReturnType<typeof parseShortcuts>[0], ReturnType<typeof parseShortcuts>[0]];
  it('maps mod to Ctrl elsewhere and ⌘ on Apple platforms', () => {
    expect(matchesShortcut(key('k', { ctrlKey: true }), modK, false)).toBe(true);
    expect(matchesShortcut(key('k', { metaKey: true }), modK, false)).toBe(false);
    expect(matchesShortcut(key('k', { metaKey: true }), modK, true)).toBe(true);
    expect(matchesShortcut(key('K', { ctrlKey: true }), modK, false)).toBe(true);
    expect(matchesShortcut(key('k', { ctrlKey: true, shiftKey: true }), modK, false)).toBe(false);
    expect(matchesShortcut(key('k', { ctrlKey: true, altKey: true }), modK, false)).toBe(false);
    expect(matchesShortcut(key('k'), modK, false)).toBe(false);
  });
  it('ignores Shift for non-letters, where layouts differ', () => {
    expect(matchesShortcut(key('/', { shiftKey: true }), slash, false)).toBe(true);
    expect(matchesShortcut(key('/', { ctrlKey: true }), slash, false)).toBe(false);
    expect(isBare(slash)).toBe(true);
    expect(isBare(modK)).toBe(false);
  });
  it('labels keys for the key cap and for aria-keyshortcuts', () => {
    expect(shortcutLabel(modK, false)).toBe('Ctrl K');
    expect(shortcutLabel(modK, true)).toBe('⌘ K');
    expect(ariaKeyShortcuts([modK, slash], false)).toBe('Control+K /');
    expect(ariaKeyShortcuts([modK], true)).toBe('Meta+K');
  });
});

describe('nextIndex', () => {
  it('wraps arrows, moves Home/End only once an option is active, and ignores other keys', () => {
    expect(nextIndex('ArrowDown', -1, 3)).toBe(0);
    expect(nextIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextIndex('ArrowUp', -1, 3)).toBe(2);
    expect(nextIndex('ArrowUp', 0, 3)).toBe(2);
    expect(nextIndex('Home', -1, 3)).toBeNull();
    expect(nextIndex('Home', 2, 3)).toBe(0);
    expect(nextIndex('End', 0, 3)).toBe(2);
    expect(nextIndex('ArrowDown', -1, 0)).toBeNull();
    expect(nextIndex('a', 1, 3)).toBeNull();
  });
});

describe('isEditable', () => {
  it('treats text fields and contenteditable as editable, buttons and checkboxes not', () => {
    const node = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, isContentEditable: false, ...extra }) as unknown as EventTarget;
    expect(isEditable(node('INPUT', { type: 'search' }))).toBe(true);
    expect(isEditable(node('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isEditable(node('TEXTAREA'))).toBe(true);
    expect(isEditable(node('DIV', { isContentEditable: true }))).toBe(true);
    expect(isEditable(node('BUTTON'))).toBe(false);
    expect(isEditable(null)).toBe(false);
  });
});
