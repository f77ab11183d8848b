import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();
/** Unmounts asked for and not yet done: a test waits for none before its page is torn down. */
let pendingUnmounts = 0;

/** How many closed Toast and Dialog roots still wait for their unmount (a timer after the last frame). */
export function pendingAntdUnmounts(): number {
  return pendingUnmounts;
}

/**
 * antd-mobile 5 mounts Toast and Dialog with React 18's legacy render, which React 19 removed;
 * without this they never appear. Called once, before anything can toast.
 */
export function installAntdRender(): void {
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      pendingUnmounts += 1;
      try {
        // Let the closing animation's last frame commit before the root goes away.
        await new Promise((resolve) => setTimeout(resolve, 0));
        root.unmount();
        roots.delete(container);
      } finally {
        pendingUnmounts -= 1;
      }
    };
  });
}
