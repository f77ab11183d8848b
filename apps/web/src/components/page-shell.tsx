import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const goBack = useGoBack();
  const page = useRef<HTMLDivElement>(null);
  // antd-mobile makes the bar's left side a button even without a back arrow (the tab pages, whose
  // side is empty or holds a label): it is no button there, only noise to a screen reader.
  const emptyLeft = !back;
  useLayoutEffect(() => {
    const side = page.current?.querySelector(':scope > .page-nav .adm-nav-bar-left');
    if (emptyLeft) side?.removeAttribute('role');
    else side?.setAttribute('role', 'button');
  }, [emptyLeft]);
  // antd-mobile makes the bar's left side a button; its name is the arrow's hidden label.
  const backArrow = (
    <>
      <LeftOutline />
      <span className="visually-hidden">{t('common.back')}</span>
    </>
  );
  return (
    <div ref={page} className={`page${className ? ` ${className}` : ''}`}>
      <NavBar
        className="page-nav"
        back={back ? '' : null}
        backIcon={backArrow}
        onBack={goBack}
        left={left}
        right={right}
      >
        {title}
      </NavBar>
      <div className="page-body">{children}</div>
    </div>
  );
}
