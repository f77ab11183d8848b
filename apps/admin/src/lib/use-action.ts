import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A staff action (approve, save, reply...): on success it says so and reads the given queries
 * again; a refusal shows the server's localized message. The server decides; the screen reports.
 */
export function useAction<Input, Output>(
  run: (input: Input) => Promise<Output>,
  options: {
    refresh?: QueryKey[];
    successKey?: string;
    /** A message that depends on the answer (applied at once, or proposed); else `successKey`. */
    successKeyOf?: (output: Output) => string | undefined;
    onDone?: (output: Output) => void;
  } = {},
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (output) => {
      message.success(t(options.successKeyOf?.(output) ?? options.successKey ?? 'common.done'));
      await Promise.all(
        (options.refresh ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      options.onDone?.(output);
    },
    onError: (error) => {
      message.error(error.message);
    },
  });
}
