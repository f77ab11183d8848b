import type { KitTexts } from './kit-texts';

/** The UI kit's texts in Indonesian, written for Meridian (see ./kit-texts.ts). */
const texts: KitTexts = {
  common: { confirm: 'Konfirmasi', cancel: 'Batal', loading: 'Memuat', close: 'Tutup' },
  Dialog: { ok: 'OK' },
  Modal: { ok: 'OK' },
  InfiniteScroll: { noMore: 'Tidak ada item lagi', failedToLoad: 'Gagal memuat', retry: 'Coba lagi' },
  PullToRefresh: {
    pulling: 'Tarik ke bawah untuk memuat ulang',
    canRelease: 'Lepaskan untuk memuat ulang',
    complete: 'Berhasil dimuat ulang',
  },
  ErrorBlock: {
    default: { title: 'Terjadi kesalahan', description: 'Silakan coba lagi sebentar lagi.' },
    busy: { title: 'Halaman tidak dapat dimuat', description: 'Silakan muat ulang halaman.' },
    disconnected: { title: 'Tidak ada koneksi', description: 'Periksa koneksi Anda, lalu coba lagi.' },
    empty: { title: 'Tidak ada hasil', description: 'Coba kata kunci lain.' },
  },
  ImageUploader: { uploading: 'Mengunggah…', upload: 'Unggah' },
  Input: { clear: 'Hapus' },
  SearchBar: { name: 'Cari' },
  Mask: { name: 'Latar belakang' },
  Selector: { name: 'Pilihan' },
  Form: { required: 'Wajib', optional: 'Opsional' },
};

export default texts;
