import { Button, type ButtonProps, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/copy-text';

type CopyButtonProps = {
  text: string;
  children?: ReactNode;
  size?: ButtonProps['size'];
  fill?: ButtonProps['fill'];
  block?: boolean;
  className?: string;
};

/** Copies `text` and says so; when the browser refuses, it asks the customer to copy by hand. */
export function CopyButton({
  text,
  children,
  size = 'small',
  fill = 'outline',
  block,
  className,
}: CopyButtonProps) {
  const { t } = useTranslation();
  const copy = async () => {
    const copied = await copyText(text);
    Toast.show(
      copied ? { icon: 'success', content: t('common.copied') } : { content: t('common.copyFailedSelect') },
    );
  };
  return (
    <Button
      className={className}
      size={size}
      fill={fill}
      color="primary"
      block={block}
      onClick={() => void copy()}
    >
      {children ?? t('common.copy')}
    </Button>
  );
}
