import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Vietnamese, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'Xác nhận', cancel: 'Hủy', loading: 'Đang tải', close: 'Đóng' },
  Dialog: { ok: 'Đồng ý' },
  Modal: { ok: 'Đồng ý' },
  InfiniteScroll: { noMore: 'Không còn mục nào khác', failedToLoad: 'Không tải được', retry: 'Thử lại' },
  PullToRefresh: { pulling: 'Kéo xuống để làm mới', canRelease: 'Thả ra để làm mới', complete: 'Đã làm mới' },
  ErrorBlock: {
    default: { title: 'Đã xảy ra lỗi', description: 'Vui lòng thử lại sau giây lát.' },
    busy: { title: 'Không tải được trang', description: 'Vui lòng tải lại trang.' },
    disconnected: { title: 'Mất kết nối', description: 'Vui lòng kiểm tra kết nối và thử lại.' },
    empty: { title: 'Không tìm thấy kết quả', description: 'Hãy thử tìm bằng từ khóa khác.' },
  },
  ImageUploader: { uploading: 'Đang tải lên…', upload: 'Tải lên' },
  Input: { clear: 'Xóa' },
  SearchBar: { name: 'Tìm kiếm' },
  Mask: { name: 'Nền' },
  Selector: { name: 'Lựa chọn' },
  Form: { required: 'Bắt buộc', optional: 'Không bắt buộc' },
};

export default texts;
