import type enUS from 'antd-mobile/es/locales/en-US';

type AntdLocale = typeof enUS;
type Pair = { title: string; description: string };

/**
 * The UI kit's texts that Meridian's screens show or read aloud, written by us in each of the 15
 * languages and laid over antd-mobile's own locale: antd leaves some of them in English (Spanish
 * "No more", French "Retry") and words others oddly (French "Non, plus maintenant.", Vietnamese
 * "Hết rồi bạn ơi"). Kit texts for parts we do not use (calendar, cascader, stepper) stay antd's.
 */
export type KitTexts = {
  common: Pick<AntdLocale['common'], 'confirm' | 'cancel' | 'loading' | 'close'>;
  Dialog: { ok: string };
  Modal: { ok: string };
  InfiniteScroll: { noMore: string; failedToLoad: string; retry: string };
  PullToRefresh: { pulling: string; canRelease: string; complete: string };
  ErrorBlock: { default: Pair; busy: Pair; disconnected: Pair; empty: Pair };
  ImageUploader: { uploading: string; upload: string };
  Input: { clear: string };
  SearchBar: { name: string };
  Mask: { name: string };
  Selector: { name: string };
  Form: { required: string; optional: string };
};

/** antd's locale with our texts laid over it, group by group (antd's other keys kept). */
export function withKitTexts(locale: AntdLocale, texts: KitTexts): AntdLocale {
  return {
    ...locale,
    common: { ...locale.common, ...texts.common },
    Dialog: { ...locale.Dialog, ...texts.Dialog },
    Modal: { ...locale.Modal, ...texts.Modal },
    InfiniteScroll: { ...locale.InfiniteScroll, ...texts.InfiniteScroll },
    PullToRefresh: { ...locale.PullToRefresh, ...texts.PullToRefresh },
    ErrorBlock: { ...locale.ErrorBlock, ...texts.ErrorBlock },
    ImageUploader: { ...locale.ImageUploader, ...texts.ImageUploader },
    Input: { ...locale.Input, ...texts.Input },
    SearchBar: { ...locale.SearchBar, ...texts.SearchBar },
    Mask: { ...locale.Mask, ...texts.Mask },
    Selector: { ...locale.Selector, ...texts.Selector },
    Form: { ...locale.Form, ...texts.Form },
  };
}
