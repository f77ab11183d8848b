import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's frame: its title, the actions beside it, then its content. */
export function Page({
  title,
  extra,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="page">
      <Flex justify="space-between" align="center" className="page-title" gap={16} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </div>
  );
}
