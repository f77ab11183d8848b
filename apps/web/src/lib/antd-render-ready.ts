let ready: Promise<void> | undefined;

/**
 * antd-mobile's render hook for React 19 (antd-render.ts), installed before anything can open one
 * of its imperative toasts or dialogs: the lazy pages and the toast kit wait for it. It is loaded
 * after the first screen has painted (with its helpers, it is not needed to paint it).
 */
export function antdRenderReady(): Promise<void> {
  ready ??= import('./antd-render').then(
    (module) => module.installAntdRender(),
    (error: unknown) => {
      ready = undefined;
      throw error;
    },
  );
  return ready;
}
