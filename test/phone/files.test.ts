import { describe, expect, it } from 'vitest';
import { createInitialState } from '../../simulator-apps/seed.ts';
import {
  categoryStats,
  compressFiles,
  compressProblem,
  copyFiles,
  createFolder,
  deleteFolderProblem,
  deleteForever,
  extractArchive,
  extractProblem,
  folderPath,
  folderProblem,
  kindOf,
  liveFiles,
  moveFiles,
  moveProblem,
  recentFiles,
  renameFile,
  renameProblem,
  restoreFile,
  ROOT_ID,
  searchAll,
  sizeText,
  sortFiles,
  trashFiles,
  validateFilesState,
  withExt,
} from '../../simulator-apps/files/logic.ts';
import { filesRouteStack, parseFilesPath } from '../../simulator-apps/files/routes.ts';
import type { FileEntry, FilesState } from '../../simulator-apps/files/types.ts';

const NOW = Date.UTC(2026, 2, 14, 2, 0);
const filesOf = (seed: number): FilesState => createInitialState(seed).apps.files as unknown as FilesState;

/** A small tree: 内部存储 / Download (a.pdf, b.pdf, pic.jpg, pack.zip) and Docs (a.pdf). */
function tiny(): FilesState {
  const file = (id: string, name: string, folderId: string, size: number, extra: Partial<FileEntry> = {}): FileEntry => ({ id, name, folderId, size, modifiedAt: NOW - size, favorite: false, trashedAt: null, text: '', entries: [], ...extra });
  return {
    folders: [
      { id: ROOT_ID, name: '内部存储', parentId: null, createdAt: 0 },
      { id: 'd_01', name: 'Download', parentId: ROOT_ID, createdAt: 0 },
      { id: 'd_02', name: 'Docs', parentId: ROOT_ID, createdAt: 0 },
    ],
    files: [
      file('f_001', 'a.pdf', 'd_01', 3000),
      file('f_002', 'b.pdf', 'd_01', 1000),
      file('f_003', 'pic.jpg', 'd_01', 2000),
      file('f_004', 'pack.zip', 'd_01', 500, { entries: [{ name: 'x.txt', size: 10 }, { name: 'y.png', size: 20 }] }),
      file('f_005', 'a.pdf', 'd_02', 4000),
    ],
    view: { layout: 'list', sort: 'date' },
    storage: { totalBytes: 1e9, systemBytes: 1e6, appBytes: 1e6 },
  };
}

describe('files seed', () => {
  it('is deterministic, valid and under 50 KB at seeds 1-20, with every name unique and every kind present', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const s = filesOf(seed);
      if (seed <= 2) expect(JSON.stringify(s)).toBe(JSON.stringify(filesOf(seed)));
      expect(validateFilesState(s)).toBeNull();
      expect(new TextEncoder().encode(JSON.stringify(s)).length).toBeLessThan(50_000);
      const names = s.files.map((f) => f.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
      expect(categoryStats(s).filter((c) => c.count === 0).map((c) => c.kind)).toEqual([]);
      expect(s.files.some((f) => f.trashedAt !== null)).toBe(true);
      expect(recentFiles(s).length).toBeGreaterThan(10);
    }
  });

  it('differs from seed to seed', () => {
    expect(JSON.stringify(filesOf(3))).not.toBe(JSON.stringify(filesOf(4)));
  });
});

describe('files rules', () => {
  it('shows sizes and paths as a phone does', () => {
    expect([sizeText(900), sizeText(356 * 1024), sizeText(2.45 * 1024 * 1024), sizeText(3 * 1024 ** 3)]).toEqual(['900 B', '356 KB', '2.5 MB', '3.00 GB']);
    expect(folderPath(tiny(), 'd_01')).toBe('内部存储/Download');
    expect([kindOf('a.PDF'), kindOf('b.mp4'), kindOf('c.zip'), kindOf('d.apk')]).toEqual(['doc', 'video', 'archive', 'apk']);
    expect(withExt('新名字', 'old.tar.gz')).toBe('新名字.gz');
  });

  it('sorts by name, date, size and type', () => {
    const files = tiny().files.filter((f) => f.folderId === 'd_01');
    expect(sortFiles(files, 'name').map((f) => f.name)).toEqual(['a.pdf', 'b.pdf', 'pack.zip', 'pic.jpg']);
    expect(sortFiles(files, 'size').map((f) => f.id)).toEqual(['f_001', 'f_003', 'f_002', 'f_004']);
    expect(sortFiles(files, 'date').map((f) => f.id)).toEqual(['f_004', 'f_002', 'f_003', 'f_001']);
    expect(sortFiles(files, 'type').map((f) => f.name)).toEqual(['pic.jpg', 'a.pdf', 'b.pdf', 'pack.zip']);
  });

  it('renames keeping the extension and refuses a name taken in the folder', () => {
    const s = tiny();
    expect(renameProblem(s, 'f_001', 'b')).toBe('此文件夹中已有同名文件');
    expect(renameProblem(s, 'f_001', 'a/b')).toMatch(/不能包含/);
    expect(renameProblem(s, 'f_001', '')).toBe('名称不能为空');
    expect(renameProblem(s, 'f_001', '合同')).toBeNull();
    renameFile(s, 'f_001', '合同', NOW);
    expect(s.files[0]).toMatchObject({ name: '合同.pdf', modifiedAt: NOW });
  });

  it('moves only into another folder without a clash, and copies with (1) when the name is taken', () => {
    const s = tiny();
    expect(moveProblem(s, ['f_001'], 'd_02')).toBe('目标文件夹已有“a.pdf”');
    expect(moveProblem(s, ['f_002'], 'd_01')).toBe('文件已在此文件夹中');
    expect(moveProblem(s, ['f_002', 'f_003'], 'd_02')).toBeNull();
    moveFiles(s, ['f_002', 'f_003'], 'd_02');
    expect(liveFiles(s).filter((f) => f.folderId === 'd_02').map((f) => f.name).sort()).toEqual(['a.pdf', 'b.pdf', 'pic.jpg']);
    const [copy] = copyFiles(s, ['f_001'], 'd_02', NOW);
    expect(s.files.find((f) => f.id === copy)).toMatchObject({ id: 'f_006', name: 'a(1).pdf', folderId: 'd_02', size: 3000 });
    expect(s.files[0].folderId).toBe('d_01');
  });

  it('deletes to 回收站, restores (renaming on a clash) and deletes for good only from there', () => {
    const s = tiny();
    trashFiles(s, ['f_001'], NOW);
    expect(liveFiles(s).map((f) => f.id)).not.toContain('f_001');
    deleteForever(s, ['f_002']); // live: not deleted
    expect(s.files.some((f) => f.id === 'f_002')).toBe(true);
    renameFile(s, 'f_002', 'a', NOW); // a.pdf is free in Download now
    restoreFile(s, 'f_001');
    expect(s.files[0]).toMatchObject({ name: 'a(1).pdf', trashedAt: null, folderId: 'd_01' });
    trashFiles(s, ['f_003'], NOW);
    deleteForever(s, ['f_003']);
    expect(s.files.some((f) => f.id === 'f_003')).toBe(false);
  });

  it('makes folders with names unique among their siblings; deletes only empty ones', () => {
    const s = tiny();
    expect(folderProblem(s, ROOT_ID, 'download')).toBe('已有同名文件夹');
    const id = createFolder(s, 'd_01', '归档', NOW);
    expect(id).toBe('d_03');
    expect(folderPath(s, id)).toBe('内部存储/Download/归档');
    expect(deleteFolderProblem(s, 'd_01')).toMatch(/不为空/);
    expect(deleteFolderProblem(s, id)).toBeNull();
  });

  it('compresses files into a zip that lists them, and extracts a zip into a folder named after it', () => {
    const s = tiny();
    expect(compressProblem(s, ['f_001'], 'd_01', 'pack')).toBe('此文件夹中已有同名文件');
    const zip = compressFiles(s, ['f_001', 'f_003'], 'd_01', '打包', NOW);
    const made = s.files.find((f) => f.id === zip)!;
    expect(made.entries.map((e) => e.name)).toEqual(['a.pdf', 'pic.jpg']);
    expect(made.size).toBeLessThan(5000);
    expect(extractProblem(s, 'f_001')).toBe('只能解压压缩包');
    const folder = extractArchive(s, 'f_004', NOW);
    expect(s.folders.find((d) => d.id === folder)).toMatchObject({ name: 'pack', parentId: 'd_01' });
    expect(liveFiles(s).filter((f) => f.folderId === folder).map((f) => f.name)).toEqual(['x.txt', 'y.png']);
    const again = extractArchive(s, 'f_004', NOW);
    expect(s.folders.find((d) => d.id === again)!.name).toBe('pack(1)');
  });

  it('searches names of live files and folders, case-insensitive', () => {
    const s = tiny();
    trashFiles(s, ['f_002'], NOW);
    const found = searchAll(s, 'PDF');
    expect(found.files.map((f) => f.id)).toEqual(['f_001', 'f_005']);
    expect(searchAll(s, 'down').folders.map((d) => d.id)).toEqual(['d_01']);
    expect(searchAll(s, '  ').files).toEqual([]);
  });

  it('refuses a slice with a file in no folder, naming the field', () => {
    const s = tiny();
    s.files[0].folderId = 'd_99';
    expect(validateFilesState(s)).toBe('apps.files.files[0].folderId must name a folder of apps.files.folders');
    expect(validateFilesState({ ...tiny(), view: { layout: 'table', sort: 'date' } })).toMatch(/apps.files.view/);
  });
});

describe('files routes', () => {
  it('parses every screen and gives deep links a back stack', () => {
    expect(parseFilesPath('/file/f_003/view')).toEqual({ screen: 'viewer', fileId: 'f_003' });
    expect(parseFilesPath('/category/video')).toEqual({ screen: 'category', kind: 'video' });
    expect(parseFilesPath('/category/fonts').screen).toBe('notFound');
    expect(filesRouteStack('/folder/d_04')).toEqual(['/browse', '/folder/d_04']);
    expect(filesRouteStack('/file/f_001/view')).toEqual(['/', '/file/f_001', '/file/f_001/view']);
  });
});
