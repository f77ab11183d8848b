import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Japanese, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: '確認', cancel: 'キャンセル', loading: '読み込み中', close: '閉じる' },
  Dialog: { ok: 'OK' },
  Modal: { ok: 'OK' },
  InfiniteScroll: {
    noMore: 'これ以上の項目はありません',
    failedToLoad: '読み込めませんでした',
    retry: '再試行',
  },
  PullToRefresh: { pulling: '下に引いて更新', canRelease: '指を離すと更新', complete: '更新しました' },
  ErrorBlock: {
    default: { title: '問題が発生しました', description: 'しばらくしてからもう一度お試しください。' },
    busy: { title: 'ページを読み込めませんでした', description: 'ページを再読み込みしてください。' },
    disconnected: { title: '接続できません', description: '接続を確認して、もう一度お試しください。' },
    empty: { title: '見つかりませんでした', description: '別のキーワードで検索してみてください。' },
  },
  ImageUploader: { uploading: 'アップロード中…', upload: 'アップロード' },
  Input: { clear: 'クリア' },
  SearchBar: { name: '検索' },
  Mask: { name: '背景' },
  Selector: { name: '選択肢' },
  Form: { required: '必須', optional: '任意' },
};

export default texts;
