/**
 * Keyboard handling that does not need the element: parsing the `shortcut` attribute, matching a
 * key event against it, telling whether a key press belongs to a text field, and moving the active
 * option of the listbox.
 */

/** One shortcut: a key (lower-case `KeyboardEvent.key`) and the modifiers that must be down. */
export interface Shortcut {
  key: string;
  /** ⌘ on Apple platforms, Ctrl elsewhere. */
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

const MODIFIERS = new Set(['mod', 'ctrl', 'control', 'meta', 'cmd', 'alt', 'option', 'shift']);

/**
 * Parses `"mod+k /"`: shortcuts separated by spaces or commas, keys joined with `+`. `off`,
 * `none` and `""` give no shortcuts. Throws on a shortcut without a key (`"mod+"`), naming it, so a
 * page author sees the mistake instead of a shortcut that silently never fires.
 */
export function parseShortcuts(value: string): Shortcut[] {
  const text = value.trim().toLowerCase();
  if (/^(off|none)?$/.test(text)) return [];
  return text.split(/[\s,]+/).map((token) => {
    const keys = token.split('+');
    // "mod++" (and "+") means the plus key: the two empty pieces around its "+" stand for "+".
    if (/(^|\+)\+$/.test(token)) keys.splice(-2, 2, '+');
    const key = keys.pop()!;
    const mods = new Set(keys);
    if (key === '' || MODIFIERS.has(key) || keys.some((m) => !MODIFIERS.has(m))) {
      throw new Error(`recall-box: shortcut "${token}" is not a key with optional modifiers (mod, ctrl, meta, alt, shift), e.g. "mod+k" or "/"`);
    }
    return {
      key,
      mod: mods.has('mod'),
      ctrl: mods.has('ctrl') || mods.has('control'),
      meta: mods.has('meta') || mods.has('cmd'),
      alt: mods.has('alt') || mods.has('option'),
      shift: mods.has('shift'),
    };
  });
}

/** Whether `platform` (by default the browser's) is Apple's, where `mod` is ⌘. */
export function isApple(
  platform: string = (globalThis.navigator as { userAgentData?: { platform?: string } } | undefined)?.userAgentData?.platform || globalThis.navigator?.platform || '',
): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/**
 * Whether `event` presses `shortcut`. Shift is only compared for letter keys: `?` and `/` need Shift
 * on some layouts and not on others, and `event.key` already tells them apart.
 */
export function matchesShortcut(event: KeyboardEvent, shortcut: Shortcut, apple: boolean): boolean {
  if (event.key.toLowerCase() !== shortcut.key) return false;
  const ctrl = shortcut.ctrl || (shortcut.mod && !apple);
  const meta = shortcut.meta || (shortcut.mod && apple);
  if (event.ctrlKey !== ctrl || event.metaKey !== meta || event.altKey !== shortcut.alt) return false;
  return !/^[a-z]$/.test(shortcut.key) || event.shiftKey === shortcut.shift;
}

/** Whether a shortcut has no modifier, so typing it into a text field must not trigger it. */
export function isBare(shortcut: Shortcut): boolean {
  return !(shortcut.mod || shortcut.ctrl || shortcut.meta || shortcut.alt);
}

/** Whether `target` takes typed text: inputs (except buttons and the like), textareas, selects, contenteditable. */
export function isEditable(target: EventTarget | null | undefined): boolean {
  const node = target as HTMLInputElement | null | undefined;
  const tag = node?.tagName;
  if (!tag) return false;
  return (
    node.isContentEditable ||
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    (tag === 'INPUT' && !/^(button|submit|reset|checkbox|radio|range|color|file|image)$/i.test(node.type))
  );
}

/**
 * The option index after pressing `key` with `current` active (-1: none) among `count` options, or
 * `null` when the key does not move the active option. Arrows wrap around; Home and End move only
 * once an option is active, so before that they move the text cursor as in any text field.
 */
export function nextIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 || current >= count - 1 ? 0 : current + 1;
    case 'ArrowUp':
      return current <= 0 ? count - 1 : current - 1;
    case 'Home':
      return current < 0 ? null : 0;
    case 'End':
      return current < 0 ? null : count - 1;
    default:
      return null;
  }
}

/** The keys of `shortcut`, modifiers first, as `aria-keyshortcuts` names them (`aria`) or as a key cap shows them. */
function keyNames(shortcut: Shortcut, apple: boolean, aria: boolean): string[] {
  const keys: string[] = [];
  if (shortcut.ctrl || (shortcut.mod && !apple)) keys.push(aria ? 'Control' : apple ? '⌃' : 'Ctrl');
  if (shortcut.meta || (shortcut.mod && apple)) keys.push(aria ? 'Meta' : apple ? '⌘' : 'Meta');
  if (shortcut.alt) keys.push(aria || !apple ? 'Alt' : '⌥');
  if (shortcut.shift) keys.push(aria || !apple ? 'Shift' : '⇧');
  keys.push(shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key);
  return keys;
}

/** How to show `shortcut` on a key cap: `⌘ K` on Apple platforms, `Ctrl K` elsewhere, `/` as is. */
export function shortcutLabel(shortcut: Shortcut, apple: boolean): string {
  return keyNames(shortcut, apple, false).join(' ');
}

/** The `aria-keyshortcuts` value for `shortcuts` (e.g. `Control+K /`). */
export function ariaKeyShortcuts(shortcuts: readonly Shortcut[], apple: boolean): string {
  return shortcuts.map((s) => keyNames(s, apple, true).join('+')).join(' ');
}
