import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Turkish, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'Onayla', cancel: 'İptal', loading: 'Yükleniyor', close: 'Kapat' },
  Dialog: { ok: 'Tamam' },
  Modal: { ok: 'Tamam' },
  InfiniteScroll: { noMore: 'Başka öğe yok', failedToLoad: 'Yüklenemedi', retry: 'Tekrar dene' },
  PullToRefresh: {
    pulling: 'Yenilemek için aşağı çekin',
    canRelease: 'Yenilemek için bırakın',
    complete: 'Yenilendi',
  },
  ErrorBlock: {
    default: { title: 'Bir sorun oluştu', description: 'Lütfen biraz sonra tekrar deneyin.' },
    busy: { title: 'Sayfa yüklenemedi', description: 'Lütfen sayfayı yenileyin.' },
    disconnected: { title: 'Bağlantı yok', description: 'Bağlantınızı kontrol edip tekrar deneyin.' },
    empty: { title: 'Sonuç bulunamadı', description: 'Başka bir arama deneyin.' },
  },
  ImageUploader: { uploading: 'Yükleniyor…', upload: 'Yükle' },
  Input: { clear: 'Temizle' },
  SearchBar: { name: 'Ara' },
  Mask: { name: 'Arka plan' },
  Selector: { name: 'Seçenekler' },
  Form: { required: 'Zorunlu', optional: 'İsteğe bağlı' },
};

export default texts;
