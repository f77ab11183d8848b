import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Arabic, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'تأكيد', cancel: 'إلغاء', loading: 'جارٍ التحميل', close: 'إغلاق' },
  Dialog: { ok: 'حسنًا' },
  Modal: { ok: 'حسنًا' },
  InfiniteScroll: { noMore: 'لا توجد عناصر أخرى', failedToLoad: 'تعذّر التحميل', retry: 'إعادة المحاولة' },
  PullToRefresh: { pulling: 'اسحب للأسفل للتحديث', canRelease: 'أفلِت للتحديث', complete: 'تم التحديث' },
  ErrorBlock: {
    default: { title: 'حدث خطأ ما', description: 'يُرجى المحاولة مرة أخرى بعد قليل.' },
    busy: { title: 'تعذّر تحميل الصفحة', description: 'يُرجى تحديث الصفحة.' },
    disconnected: { title: 'لا يوجد اتصال', description: 'تحقّق من اتصالك وحاول مرة أخرى.' },
    empty: { title: 'لا توجد نتائج', description: 'جرّب بحثًا آخر.' },
  },
  ImageUploader: { uploading: 'جارٍ الرفع…', upload: 'رفع' },
  Input: { clear: 'مسح' },
  SearchBar: { name: 'بحث' },
  Mask: { name: 'الخلفية' },
  Selector: { name: 'الخيارات' },
  Form: { required: 'مطلوب', optional: 'اختياري' },
};

export default texts;
