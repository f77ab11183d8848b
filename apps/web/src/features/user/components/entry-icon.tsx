import {
  ArrowDownCircleOutline,
  BankcardOutline,
  GlobalOutline,
  HistogramOutline,
  LockOutline,
  MailOutline,
  MessageOutline,
  SetOutline,
  SoundOutline,
  UndoOutline,
  UpCircleOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { EntryId } from '../utils/entries';
import './personal-center.css';

const ICONS: Record<EntryId, typeof SetOutline> = {
  topUp: ArrowDownCircleOutline,
  withdraw: UpCircleOutline,
  resetDemo: UndoOutline,
  wallet: BankcardOutline,
  realAuth: UserContactOutline,
  resetPassword: LockOutline,
  customerService: MessageOutline,
  companyEmail: MailOutline,
  announcements: SoundOutline,
  executionQuality: HistogramOutline,
  language: GlobalOutline,
  other: SetOutline,
};

export function EntryIcon({ id }: { id: EntryId }) {
  const Icon = ICONS[id];
  return <Icon className="entry-icon" fontSize={22} aria-hidden="true" />;
}
