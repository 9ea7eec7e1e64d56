/**
 * Seed data for the file manager: 内部存储 with the standard folders (Download, Documents,
 * DCIM/Camera, DCIM/Screenshots, Music, Movies, 轻聊) and two or three of the user's own, holding
 * 45-70 files of every kind. Every file name is unique on the whole phone, so a goal that names a
 * file names one file. Download is a mixed heap (the tidy-up tasks' material); 轻聊 holds files
 * received in chats. Pure.
 */
import type { Rng } from '../shared/rng.ts';
import { pad2 } from '../shared/dates.ts';
import { wallClock } from '../shared/time.ts';
import { APK_NAMES, ARCHIVE_CONTENT, ARCHIVE_STEMS, AUDIO_NAMES, DOC_EXTS, DOC_STEMS, STANDARD_FOLDERS, USER_FOLDER_NAMES, VIDEO_NAMES } from './data.ts';
import { ROOT_ID } from './logic.ts';
import type { ArchiveEntry, FileEntry, FileKind, FilesState, Folder } from './types.ts';

export interface FilesSeedContext {
  now: number;
  timezone: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/** Byte ranges per extension, as such files usually are. */
const SIZE_RANGE: Record<string, [number, number]> = {
  pdf: [80 * KB, 6 * MB], docx: [18 * KB, 2 * MB], xlsx: [12 * KB, 900 * KB], pptx: [1 * MB, 14 * MB], txt: [600, 18 * KB], md: [900, 24 * KB],
  jpg: [1200 * KB, 6 * MB], png: [180 * KB, 2 * MB], mp3: [2 * MB, 11 * MB], m4a: [600 * KB, 30 * MB], mp4: [14 * MB, 420 * MB], apk: [5 * MB, 96 * MB],
  log: [2 * KB, 300 * KB], ttf: [2 * MB, 16 * MB],
};

function sizeFor(rng: Rng, name: string): number {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const [lo, hi] = SIZE_RANGE[ext] ?? [10 * KB, 1 * MB];
  // Spread on a log scale, so small and large files are both common.
  return Math.round(lo * Math.pow(hi / lo, rng.next()));
}

class FileMaker {
  readonly files: FileEntry[] = [];
  private readonly names = new Set<string>();
  private docs: { stem: string; text: string }[];

  constructor(
    private readonly rng: Rng,
    private readonly ctx: FilesSeedContext,
  ) {
    this.docs = rng.shuffle(DOC_STEMS);
  }

  /** A time in the last `days` days, on a minute. */
  when(days: number): number {
    return Math.floor((this.ctx.now - this.rng.int(20, days * 24 * 60) * MINUTE) / MINUTE) * MINUTE;
  }

  add(folderId: string, name: string, extra: Partial<FileEntry> = {}, days = 120): FileEntry | null {
    if (this.names.has(name.toLowerCase())) return null;
    this.names.add(name.toLowerCase());
    const f: FileEntry = { id: `f_${String(this.files.length + 1).padStart(3, '0')}`, name, folderId, size: sizeFor(this.rng, name), modifiedAt: this.when(days), favorite: this.rng.chance(0.08), trashedAt: null, text: '', entries: [], ...extra };
    this.files.push(f);
    return f;
  }

  doc(folderId: string, ext?: string): void {
    const d = this.docs.shift();
    if (!d) return;
    const e = ext ?? this.rng.pick(DOC_EXTS);
    const suffix = this.rng.pick(['', '', '', '_终版', '_v2', '(2026)', '_修订', '_扫描件']);
    this.add(folderId, `${d.stem}${suffix}.${e}`, { text: d.text });
  }

  photo(folderId: string, days: number): void {
    const t = this.when(days);
    const w = wallClock(t, this.ctx.timezone);
    const stamp = `${w.year}${pad2(w.month)}${pad2(w.day)}_${pad2(w.hour)}${pad2(w.minute)}${pad2(this.rng.int(0, 59))}`;
    this.add(folderId, `IMG_${stamp}.jpg`, { modifiedAt: t });
  }

  screenshot(folderId: string): void {
    const t = this.when(60);
    const w = wallClock(t, this.ctx.timezone);
    this.add(folderId, `Screenshot_${w.year}-${pad2(w.month)}-${pad2(w.day)}-${pad2(w.hour)}-${pad2(w.minute)}.png`, { modifiedAt: t });
  }

  video(folderId: string, names: string[]): void {
    const n = names.shift();
    if (n) this.add(folderId, `${n}.mp4`);
  }

  audio(folderId: string, names: string[]): void {
    const n = names.shift();
    if (n) this.add(folderId, `${n}.${n.startsWith('录音') ? 'm4a' : 'mp3'}`);
  }

  archive(folderId: string, stems: (typeof ARCHIVE_STEMS)[number][]): void {
    const stem = stems.shift();
    if (!stem) return;
    const entries: ArchiveEntry[] = ARCHIVE_CONTENT[stem].map((name) => ({ name, size: sizeFor(this.rng, name) }));
    const packed = entries.reduce((n, e) => n + Math.ceil(e.size * (/\.(pdf|docx|xlsx|pptx|txt|md|log|ttf)$/.test(e.name) ? 0.42 : 0.96)) + 46, 22);
    this.add(folderId, `${stem}.zip`, { entries, size: packed });
  }

  apk(folderId: string, names: string[]): void {
    const n = names.shift();
    if (n) this.add(folderId, `${n}_v${this.rng.int(1, 9)}.${this.rng.int(0, 9)}.${this.rng.int(0, 20)}.apk`);
  }
}

export function createFilesState(rng: Rng, ctx: FilesSeedContext): FilesState {
  const created = ctx.now - 400 * DAY;
  const folders: Folder[] = [{ id: ROOT_ID, name: '内部存储', parentId: null, createdAt: created }];
  const idOf: Record<string, string> = {};
  for (const [i, d] of STANDARD_FOLDERS.entries()) {
    idOf[d.key] = `d_${pad2(i + 1)}`;
    folders.push({ id: idOf[d.key], name: d.name, parentId: 'parent' in d ? idOf[d.parent] : ROOT_ID, createdAt: created });
  }
  const userRng = rng.fork('userFolders');
  const userFolders = userRng.sample(USER_FOLDER_NAMES, userRng.int(2, 3)).map((name, i): Folder => ({ id: `d_${pad2(STANDARD_FOLDERS.length + i + 1)}`, name, parentId: ROOT_ID, createdAt: ctx.now - userRng.int(30, 300) * DAY }));
  folders.push(...userFolders);

  const make = new FileMaker(rng.fork('files'), ctx);
  const r = rng.fork('mix');
  const audio = r.shuffle(AUDIO_NAMES);
  const videos = r.shuffle(VIDEO_NAMES);
  const archives = r.shuffle(ARCHIVE_STEMS);
  const apks = r.shuffle(APK_NAMES);

  // Download: a heap of everything, some of it very recent.
  // Every phone has a zip and an installer there (the 分类 page shows every kind).
  make.archive(idOf.download, archives);
  make.apk(idOf.download, apks);
  const downloads: ((folderId: string) => void)[] = [
    (id) => make.doc(id, 'pdf'), (id) => make.doc(id, 'pdf'), (id) => make.doc(id), (id) => make.doc(id),
    (id) => make.apk(id, apks), (id) => make.photo(id, 30), (id) => make.audio(id, audio),
  ];
  for (const put of r.sample(downloads, r.int(5, 7))) put(idOf.download);
  if (r.chance(0.6)) make.archive(idOf.download, archives);
  if (r.chance(0.5)) make.doc(idOf.download, 'pdf');
  // Documents: the user's own documents.
  for (let i = r.int(3, 5); i > 0; i--) make.doc(idOf.documents);
  // DCIM: photos and a video or two; screenshots.
  for (let i = r.int(5, 8); i > 0; i--) make.photo(idOf.camera, 90);
  for (let i = r.int(1, 2); i > 0; i--) {
    const t = make.when(90);
    const w = wallClock(t, ctx.timezone);
    make.add(idOf.camera, `VID_${w.year}${pad2(w.month)}${pad2(w.day)}_${pad2(w.hour)}${pad2(w.minute)}${pad2(i * 7)}.mp4`, { modifiedAt: t });
  }
  for (let i = r.int(2, 4); i > 0; i--) make.screenshot(idOf.screenshots);
  for (let i = r.int(2, 4); i > 0; i--) make.audio(idOf.music, audio);
  for (let i = r.int(1, 2); i > 0; i--) make.video(idOf.movies, videos);
  // 轻聊: what chats brought in, recent.
  const chatKinds: ((folderId: string) => void)[] = [(id) => make.doc(id, 'pdf'), (id) => make.doc(id, 'docx'), (id) => make.doc(id, 'xlsx'), (id) => make.photo(id, 14), (id) => make.archive(id, archives), (id) => make.video(id, videos)];
  for (const put of r.sample(chatKinds, r.int(3, 5))) put(idOf.chat);
  // The user's folders: a few documents and pictures each.
  for (const d of userFolders) {
    for (let i = r.int(1, 3); i > 0; i--) make.doc(d.id);
    if (r.chance(0.5)) make.photo(d.id, 200);
  }

  // 回收站 holds one or two files deleted in the last three weeks (it keeps them 30 days).
  const files = make.files;
  const deletable = files.filter((x) => (x.folderId === idOf.download || x.folderId === idOf.camera) && !/\.(zip|apk)$/.test(x.name));
  for (const f of r.sample(deletable, r.int(1, 2))) f.trashedAt = Math.max(f.modifiedAt + MINUTE, ctx.now - r.int(1, 20) * DAY - r.int(0, 600) * MINUTE);
  const total = r.pick([64, 128, 128, 256]) * GB;
  return {
    folders,
    files,
    view: { layout: 'list', sort: 'date' },
    storage: { totalBytes: total, systemBytes: r.int(14, 22) * GB + r.int(0, 999) * MB, appBytes: Math.round(total * (0.18 + r.next() * 0.3)) },
  };
}
