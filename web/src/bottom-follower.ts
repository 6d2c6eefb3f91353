import { useLayoutEffect, useRef } from 'preact/hooks';

/** How near the bottom (in pixels) still counts as reading the newest text. */
const NEAR_BOTTOM = 48;

/**
 * Keeps the page at its newest text: at the bottom when a conversation opens or a question is asked, and there
 * while an answer streams, unless the reader scrolled up to read something else. Loading earlier turns keeps
 * what the reader sees in place.
 */
export function useBottomFollower() {
  const pending = useRef<'bottom' | 'follow' | { height: number; top: number } | undefined>(undefined);
  /** The page's height after the last render: where its bottom was before the text that just came. */
  const lastHeight = useRef(0);
  // After each render: the scroll asked for before it, now that the page has its new height. Whether the reader
  // was at the bottom is read against the height before this render, so no scroll event has to come first.
  useLayoutEffect(() => {
    const root = document.documentElement;
    const wanted = pending.current;
    pending.current = undefined;
    const wasAtBottom = root.scrollTop + root.clientHeight >= lastHeight.current - NEAR_BOTTOM;
    if (wanted === 'bottom' || (wanted === 'follow' && wasAtBottom)) {
      root.scrollTop = root.scrollHeight;
    } else if (wanted !== undefined && wanted !== 'follow') {
      root.scrollTop = wanted.top + (root.scrollHeight - wanted.height);
    }
    lastHeight.current = root.scrollHeight;
  });
  return {
    toBottom: () => {
      pending.current = 'bottom';
    },
    follow: () => {
      pending.current ??= 'follow';
    },
    keepPlace: () => {
      const root = document.documentElement;
      pending.current = { height: root.scrollHeight, top: root.scrollTop };
    },
  };
}
