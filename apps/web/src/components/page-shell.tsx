import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useGoBack } from '../hooks/use-go-back';

type PageShellProps = {
  title: ReactNode;
  /** Pages reached from another page have a back arrow; the tab pages do not. */
  back?: boolean;
  left?: ReactNode;
  right?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** A page: a sticky title bar and its content. */
export function PageShell({ title, back = true, left, right, children, className }: PageShellProps) {
  const goBack = useGoBack();
  return (
    <div className={`page${className ? ` ${className}` : ''}`}>
      <NavBar className="page-nav" back={back ? '' : null} onBack={goBack} left={left} right={right}>
        {title}
      </NavBar>
      <div className="page-body">{children}</div>
    </div>
  );
}
