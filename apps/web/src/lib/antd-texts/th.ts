import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Thai, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'ยืนยัน', cancel: 'ยกเลิก', loading: 'กำลังโหลด', close: 'ปิด' },
  Dialog: { ok: 'ตกลง' },
  Modal: { ok: 'ตกลง' },
  InfiniteScroll: { noMore: 'ไม่มีรายการเพิ่มเติม', failedToLoad: 'โหลดไม่สำเร็จ', retry: 'ลองอีกครั้ง' },
  PullToRefresh: { pulling: 'ดึงลงเพื่อรีเฟรช', canRelease: 'ปล่อยเพื่อรีเฟรช', complete: 'รีเฟรชแล้ว' },
  ErrorBlock: {
    default: { title: 'เกิดข้อผิดพลาด', description: 'โปรดลองอีกครั้งในอีกสักครู่' },
    busy: { title: 'โหลดหน้านี้ไม่สำเร็จ', description: 'โปรดรีเฟรชหน้านี้' },
    disconnected: { title: 'ไม่มีการเชื่อมต่อ', description: 'โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง' },
    empty: { title: 'ไม่พบรายการ', description: 'ลองค้นหาด้วยคำอื่น' },
  },
  ImageUploader: { uploading: 'กำลังอัปโหลด…', upload: 'อัปโหลด' },
  Input: { clear: 'ล้าง' },
  SearchBar: { name: 'ค้นหา' },
  Mask: { name: 'พื้นหลัง' },
  Selector: { name: 'ตัวเลือก' },
  Form: { required: 'จำเป็น', optional: 'ไม่บังคับ' },
};

export default texts;
