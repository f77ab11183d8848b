import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Korean, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: '확인', cancel: '취소', loading: '불러오는 중', close: '닫기' },
  Dialog: { ok: '확인' },
  Modal: { ok: '확인' },
  InfiniteScroll: {
    noMore: '더 이상 항목이 없습니다',
    failedToLoad: '불러오지 못했습니다',
    retry: '다시 시도',
  },
  PullToRefresh: {
    pulling: '당겨서 새로고침',
    canRelease: '놓으면 새로고침됩니다',
    complete: '새로고침했습니다',
  },
  ErrorBlock: {
    default: { title: '문제가 발생했습니다', description: '잠시 후 다시 시도해 주세요.' },
    busy: { title: '페이지를 불러오지 못했습니다', description: '페이지를 새로고침해 주세요.' },
    disconnected: { title: '연결되지 않았습니다', description: '연결 상태를 확인한 후 다시 시도해 주세요.' },
    empty: { title: '결과가 없습니다', description: '다른 검색어로 시도해 보세요.' },
  },
  ImageUploader: { uploading: '업로드 중…', upload: '업로드' },
  Input: { clear: '지우기' },
  SearchBar: { name: '검색' },
  Mask: { name: '배경' },
  Selector: { name: '선택 항목' },
  Form: { required: '필수', optional: '선택' },
};

export default texts;
