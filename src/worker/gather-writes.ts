/**
 * Writes gathered into windows: the first item opens a window of `windowMs`; every item added
 * before it ends (up to `max` of them) is written with it, in one call of `write`. The analytics
 * store (analytics.ts) writes a window's searches and clicks as one D1 batch, so a busy Worker
 * writes once a window instead of once a search. Runtime-agnostic: timers only.
 */

export interface GatherOptions {
  /** How long a window stays open after its first item, in ms; 0 still gathers what one turn of the event loop adds. */
  windowMs: number;
  /** Most items in a window: the one that fills it closes it and it is written at once. */
  max: number;
}

export interface Gatherer<T> {
  /**
   * Adds `item` to the open window (or opens one). The promise settles when the window is written.
   * Only the item that opened the window sees a failed write (one log line per window, not one per
   * item, from whoever waits on it); the others' promises resolve either way.
   */
  add(item: T): Promise<void>;
}

interface Window<T> {
  items: T[];
  /** Ends the window now. */
  close: () => void;
  written: Promise<void>;
}

export function gatherWrites<T>(write: (items: T[]) => Promise<void>, options: GatherOptions): Gatherer<T> {
  let open: Window<T> | null = null;
  const openWindow = (): Window<T> => {
    let wake!: () => void;
    const ended = new Promise<void>((resolve) => (wake = resolve));
    const timer = setTimeout(wake, options.windowMs);
    const window: Window<T> = {
      items: [],
      close: () => {
        clearTimeout(timer);
        wake();
      },
      written: ended.then(() => {
        if (open === window) open = null;
        return write(window.items);
      }),
    };
    return window;
  };
  return {
    add(item) {
      const opener = open === null;
      const window = (open ??= openWindow());
      window.items.push(item);
      if (window.items.length >= options.max) {
        open = null;
        window.close();
      }
      return opener ? window.written : window.written.catch(() => undefined);
    },
  };
}
