import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Traditional Chinese (Hong Kong), written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: '確定', cancel: '取消', loading: '載入中', close: '關閉' },
  Dialog: { ok: '確定' },
  Modal: { ok: '確定' },
  InfiniteScroll: { noMore: '沒有更多內容了', failedToLoad: '載入失敗', retry: '重試' },
  PullToRefresh: { pulling: '下拉即可重新整理', canRelease: '鬆開即可重新整理', complete: '已重新整理' },
  ErrorBlock: {
    default: { title: '出了點問題', description: '請稍後再試。' },
    busy: { title: '頁面未能載入', description: '請重新整理頁面。' },
    disconnected: { title: '網絡連線中斷', description: '請檢查網絡連線後再試。' },
    empty: { title: '找不到相關內容', description: '請試試其他搜尋字詞。' },
  },
  ImageUploader: { uploading: '上載中…', upload: '上載' },
  Input: { clear: '清除' },
  SearchBar: { name: '搜尋' },
  Mask: { name: '背景' },
  Selector: { name: '選項' },
  Form: { required: '必填', optional: '選填' },
};

export default texts;
