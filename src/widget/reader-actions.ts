/**
 * What the reader's keys and clicks in the box do: the combobox's keys in the input (the APG
 * combobox: arrows, Home, End, Enter, Esc, and ⌘D / Ctrl+D to pin), a click on an option or its
 * pin icon, and the filter control's radios. Opening a result sends `recall-box:select`, pinning
 * `recall-box:pin`, choosing a filter `recall-box:filter`. What the dropdown shows is dropdown.ts's.
 */
import { isModal, keepsPersonal } from './attributes.ts';
import { attr } from './dom.ts';
import type { Dropdown, DropdownElement, Option } from './dropdown.ts';
import { emit, FILTER_EVENT, PIN_EVENT, SELECT_EVENT, type FilterEventDetail, type PinEventDetail, type SelectEventDetail } from './events.ts';
import { isApple, nextIndex } from './keyboard.ts';
import type { Pin } from './pins.ts';
import { beacon, type SearchHit } from './search-client.ts';
import type { ShadowTree } from './shadow-tree.ts';
import type { SiteMemory } from './site-memory.ts';

/** The element the box is: it closes, and its attributes and strings apply. */
export type ReaderActionsElement = DropdownElement & { close(): void };

/** What the actions need from the element besides closing it. */
export interface ReaderActionsHost {
  /** The query the box is showing or fetching, as events report it. */
  query(): string;
  /** Puts `text` in the input and searches for it now. */
  runQuery(text: string, focus?: boolean): void;
}

export class ReaderActions {
  readonly #element: ReaderActionsElement;
  readonly #tree: ShadowTree;
  readonly #dropdown: Dropdown;
  readonly #memory: SiteMemory;
  readonly #host: ReaderActionsHost;

  constructor(element: ReaderActionsElement, tree: ShadowTree, dropdown: Dropdown, memory: SiteMemory, host: ReaderActionsHost) {
    this.#element = element;
    this.#tree = tree;
    this.#dropdown = dropdown;
    this.#memory = memory;
    this.#host = host;
  }

  /** A key pressed in the input. */
  onKey(e: KeyboardEvent): void {
    if (e.isComposing) return;
    const dropdown = this.#dropdown;
    const visible = !this.#tree.drop.hidden;
    // ⌘D / Ctrl+D pins or unpins the active result (the browser's "bookmark" keys: here, a bookmark in the box).
    const active = visible ? dropdown.options[dropdown.active] : undefined;
    if (active && !('recent' in active) && e.key.toLowerCase() === 'd' && (isApple() ? e.metaKey : e.ctrlKey) && keepsPersonal(this.#element)) {
      e.preventDefault();
      this.#togglePin(active);
      return;
    }
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
      case 'Home':
      case 'End': {
        if (!visible && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
          dropdown.setOpen(true);
          e.preventDefault();
          return;
        }
        const next = visible ? nextIndex(e.key, dropdown.active, dropdown.options.length) : null;
        if (next === null) return;
        e.preventDefault();
        dropdown.setActive(next);
        return;
      }
      case 'Enter': {
        const option = visible ? dropdown.options[dropdown.active] : undefined;
        e.preventDefault();
        if (option) this.#activate(option, e);
        else this.#host.runQuery(this.#tree.input.value);
        return;
      }
      case 'Escape':
        // The modal closes from its dialog's handler; inline, Esc closes the dropdown first and
        // only then lets the browser clear the field.
        if (!isModal(this.#element) && visible) {
          e.preventDefault();
          dropdown.setOpen(false);
        }
        return;
    }
  }

  /** A click in the listbox. */
  onListClick(e: MouseEvent): void {
    const node = (e.target as Element).closest('[role=option]');
    const option = this.#dropdown.options.find((o) => o.node === node);
    if (!option) return;
    // The pin icon toggles the pin instead of following the link it sits in.
    if ((e.target as Element).closest('[part~=pin]') && !('recent' in option)) {
      e.preventDefault();
      this.#togglePin(option);
    } else this.#activate(option, e);
  }

  /** Pins a result, or unpins a result or pin; says so to screen readers and in `recall-box:pin`. */
  #togglePin(option: Option & ({ hit: SearchHit } | { pin: Pin })): void {
    const pin = 'pin' in option ? option.pin : { url: option.hit.url, title: option.hit.title, page: option.hit.breadcrumb[0] || option.hit.title };
    const store = this.#memory.pinStore();
    const pinned = !store.has(pin.url);
    if (pinned) store.add(pin);
    else store.remove(pin.url);
    attr(option.node, 'data-pinned', pinned && 'true');
    this.#dropdown.announce(`${pinned ? this.#element.strings.pinned : this.#element.strings.unpinned}: ${pin.title}`, false);
    emit<PinEventDetail>(this.#element, PIN_EVENT, { url: pin.url, title: pin.title, pinned });
    // An unpinned pin leaves the empty box's list; the active position stays where it was.
    if (this.#dropdown.view.kind === 'idle') {
      const at = this.#dropdown.active;
      this.#dropdown.renderRecent();
      this.#dropdown.setActive(Math.min(at, this.#dropdown.options.length - 1));
    }
  }

  /** The reader chose a value in the filter control: remembered for the site, checked at once, the query searched again within it. */
  choose(radio: HTMLElement | null): void {
    if (!radio) return;
    const { facet = '', value = '' } = radio.dataset;
    this.#memory.choiceStore().add(`${facet}=${value}`);
    for (const r of radio.parentElement!.querySelectorAll('[role=radio]')) {
      r.setAttribute('aria-checked', String(r === radio));
      r.setAttribute('tabindex', r === radio ? '0' : '-1');
    }
    emit<FilterEventDetail>(this.#element, FILTER_EVENT, { facet, value });
    if (this.#host.query()) this.#host.runQuery(this.#tree.input.value, false);
  }

  /** Arrow keys, Home and End move through a facet's radios and choose (the APG radio group). */
  onFacetKey(e: KeyboardEvent): void {
    const radio = (e.target as Element).closest<HTMLElement>('[role=radio]');
    if (!radio) return;
    const radios = [...radio.parentElement!.querySelectorAll<HTMLElement>('[role=radio]')];
    const key = ({ ArrowLeft: 'ArrowUp', ArrowRight: 'ArrowDown' } as Record<string, string>)[e.key] ?? e.key;
    const next = radios[nextIndex(key, radios.indexOf(radio), radios.length) ?? -1];
    if (!next) return;
    e.preventDefault();
    next.focus();
    this.choose(next);
  }

  /**
   * Opens a result or reruns a recent search. For a result, `recall-box:select` goes first and can
   * cancel the navigation; otherwise the query is remembered and the box closes, unless a modifier
   * key asks for a new tab or window, in which case the reader stays.
   */
  #activate(option: Option, e: MouseEvent | KeyboardEvent): void {
    if ('recent' in option) {
      e.preventDefault();
      this.#host.runQuery(option.recent);
      return;
    }
    if (!(option.node instanceof HTMLAnchorElement)) return;
    if (e instanceof KeyboardEvent) {
      // A real click on the link: the browser navigates (or opens a tab for Ctrl/⌘/Shift) and the
      // click handler below does the rest.
      const { ctrlKey, metaKey, shiftKey, altKey } = e;
      option.node.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, ctrlKey, metaKey, shiftKey, altKey }));
      return;
    }
    const options = this.#dropdown.options;
    if ('pin' in option) this.follow(option.pin, options.indexOf(option) - options.findIndex((o) => 'pin' in o), 'pinned', e);
    else this.follow(option.hit, option.rank, 'result', e);
  }

  /** A link about to be followed: `recall-box:select` first (it may cancel), then the query remembered and the box closed. */
  follow(hit: { url: string; title: string }, rank: number, source: SelectEventDetail['source'], e: MouseEvent): void {
    const detail: SelectEventDetail = { query: this.#host.query(), url: hit.url, title: hit.title, position: rank + 1, source };
    if (!emit(this.#element, SELECT_EVENT, detail, true)) {
      e.preventDefault();
      return;
    }
    // The click counted, when the Worker counts them and the site did not opt out: a beacon, which
    // the browser sends after the page is left, so it never holds up the navigation. A string is
    // sent as text/plain, which needs no CORS preflight; no cookie or id goes with it.
    if (beacon.url && source !== 'pinned' && !this.#element.hasAttribute('no-analytics')) navigator.sendBeacon(beacon.url, JSON.stringify({ q: detail.query, rank: detail.position, url: hit.url, index: beacon.index }));
    if (keepsPersonal(this.#element)) this.#memory.recentStore().add(this.#host.query());
    // A modifier key asks for a new tab or window: the reader stays.
    if (!(e.ctrlKey || e.metaKey || e.shiftKey)) this.#element.close();
  }
}
