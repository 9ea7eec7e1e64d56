/**
 * `npm run docs:apps`: screenshots of every app's main screens, taken from the real app in a real
 * browser (seed 1, agent page: no animations), written to docs/apps/*.jpg, and docs/apps.md that
 * shows them. The same seed gives the same pixels, so a re-run changes the files only when an app
 * changed. An app lists its screens in SHOWCASE below; one without an entry shows its first screen.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from '../build/webBuild.ts';
import { EnvPool } from '../env/envPool.ts';
import type { PhoneState } from '../protocol/state.ts';
import { BridgeServer } from '../server/bridgeServer.ts';
import { APPS } from '../../simulator-apps/catalog.ts';
import { createInitialState } from '../../simulator-apps/seed.ts';
import { applyLook } from '../../simulator-apps/os/look.ts';
import { applyRenames, chooseRenames } from '../../simulator-apps/os/lookNames.ts';
import { photoAttachment } from '../../simulator-apps/mail/logic.ts';
import type { PhotosState } from '../../simulator-apps/photos/types.ts';

interface Shot {
  caption: string;
  /** The app path to deep-link to, from the seeded state. */
  path: (state: PhoneState) => string;
  /** A change to a copy of the seeded state first (something ringing, a running timer). */
  edit?: (state: PhoneState) => void;
}

type Apps = Record<string, { chats?: { id: string }[]; contacts?: { id: string }[] }>;
const chat = (s: PhoneState) => (s.apps as unknown as Apps).chat!;
const food = (s: PhoneState) => s.apps.food as unknown as { cart: { shopId: string }[]; orders: { id: string }[] };

/** Each app's main screens, in the order a user meets them. */
export const SHOWCASE: Record<string, Shot[]> = {
  railway: [
    { caption: '首页 — the query form, common routes, banners', path: () => '/' },
    {
      caption: '查询结果 — trains of a day with tickets left',
      path: (s) => {
        const r = s.apps.railway as unknown as { search: { from: string; to: string }; trains: { date: string }[] };
        return `/trains?from=${r.search.from}&to=${r.search.to}&date=${r.trains[0]!.date}`;
      },
    },
    { caption: '车次详情 — seat classes, fares, 预订', path: (s) => `/train/${(s.apps.railway as unknown as { trains: { id: string }[] }).trains[40]!.id}` },
    { caption: '订单 — orders by status', path: () => '/orders' },
    { caption: '订单详情 — tickets with coach and seat', path: (s) => `/order/${(s.apps.railway as unknown as { orders: { id: string }[] }).orders[2]!.id}` },
    { caption: '乘车人 — passengers', path: () => '/passengers' },
    {
      caption: '筛选 — train type, departure window, seat class',
      path: (s) => {
        const r = s.apps.railway as unknown as { search: { from: string; to: string }; trains: { date: string }[] };
        return `/filter?from=${r.search.from}&to=${r.search.to}&date=${r.trains[0]!.date}&type=G`;
      },
    },
    {
      caption: '改签 — trains of the new day',
      path: (s) => {
        const r = s.apps.railway as unknown as { orders: { id: string; status: string }[]; trains: { date: string }[] };
        const order = r.orders.find((o) => o.status === 'paid') ?? r.orders[0]!;
        return `/change/${order.id}?date=${r.trains.at(-1)!.date}`;
      },
    },
    { caption: '我的 — settings and passengers', path: () => '/me' },
  ],
  chat: [
    { caption: '聊天 — the chat list', path: () => '/chats' },
    { caption: 'a conversation', path: (s) => `/chat/${chat(s).chats![0]!.id}` },
    { caption: '通讯录 — contacts with the index', path: () => '/contacts' },
    { caption: 'a contact', path: (s) => `/contact/${chat(s).contacts![1]!.id}` },
    { caption: '我 — me', path: () => '/me' },
    { caption: '群聊 — a group conversation', path: () => '/chat/g_02' },
    { caption: '群聊信息 — group settings', path: () => '/chat/g_02/settings' },
    { caption: '朋友圈 — moments', path: () => '/moments' },
  ],
  wallet: [
    { caption: 'home: balance, cards, quick actions', path: () => '/' },
    { caption: '账单 — bills with month and category filters', path: () => '/bills' },
    { caption: '转账 — choose a payee', path: () => '/transfer' },
    { caption: '待支付订单 — orders to pay', path: () => '/orders' },
    { caption: '银行卡 — cards', path: () => '/cards' },
    { caption: '支付设置 — payment settings', path: () => '/settings' },
  ],
  contacts: [
    { caption: '联系人 — contacts with the index', path: () => '/contacts' },
    { caption: '通话记录 — the call log', path: () => '/log' },
    { caption: '拨号 — the dialler', path: () => '/dial' },
    { caption: '收藏 — favourites', path: () => '/favorites' },
    { caption: '群组 — groups', path: () => '/groups' },
  ],
  calendar: [
    { caption: '月 — the month grid and the day’s events', path: () => '/' },
    { caption: '日 — the day timeline', path: () => '/day' },
    { caption: '日程 — the agenda', path: () => '/agenda' },
    {
      caption: '日程详情 — a repeating event',
      path: (s) => {
        const ev = (s.apps.calendar as unknown as { events: { id: string; title: string; startDate: string }[] }).events.find((e) => e.title === '周会')!;
        return `/event/${ev.id}/${ev.startDate}`;
      },
    },
    { caption: '新建日程 — the form', path: () => '/new/2026-03-20' },
    { caption: '开始时间 — the time picker', path: () => '/new/2026-03-20?pick=startTime' },
    { caption: '搜索日程', path: () => '/search' },
  ],
  settings: [
    { caption: '设置 — the main list', path: () => '/' },
    { caption: 'WLAN — networks, saved first', path: () => '/wlan' },
    { caption: '蓝牙 — paired and nearby devices', path: () => '/bluetooth' },
    { caption: '显示和亮度', path: () => '/display' },
    { caption: '勿扰模式', path: () => '/dnd' },
    { caption: '关于手机', path: () => '/about' },
  ],
  notes: [
    { caption: '首页 — 发现 feed (waterfall)', path: () => '/' },
    { caption: 'a note with comments', path: (s) => `/note/${(s.apps.notes as { notes: { id: string }[] }).notes[100]!.id}` },
    { caption: '搜索结果 with filters', path: () => '/search/result?q=%E5%87%8F%E8%84%82' },
    { caption: '发布笔记 — the editor', path: () => '/publish' },
    { caption: '分享 → 小橙书 — a photo of 相册 as the new note’s picture', path: (s) => `/publish?photo=${(s.apps.photos as unknown as PhotosState).photos.findLast((p) => p.kind === 'sea' && p.deletedAt === null)!.id}` },
    { caption: '消息 — notifications', path: () => '/messages' },
    { caption: '我 — my notes', path: () => '/me' },
  ],
  shop: [
    { caption: '首页 — search, categories, 推荐', path: () => '/' },
    { caption: '搜索结果 — sort and 筛选', path: () => '/results?q=耳机' },
    { caption: '商品详情 — a product', path: () => '/product/p_002' },
    { caption: '购物车 — grouped by shop', path: () => '/cart' },
    { caption: '我的 — orders by status', path: () => '/me' },
    { caption: '分类 — categories', path: () => '/category?cat=数码' },
    { caption: '我的订单 — by status', path: () => '/orders?tab=shipped' },
    { caption: '我的优惠券', path: () => '/coupons' },
    { caption: '订单详情 — tracking', path: (s) => `/order/${((s.apps as unknown as { shop: { orders: { id: string; status: string }[] } }).shop.orders.find((o) => o.status === 'shipped') ?? { id: 'od_001' }).id}` },
    {
      caption: '申请退款 — after-sales',
      path: (s) => `/order/${((s.apps as unknown as { shop: { orders: { id: string; status: string }[] } }).shop.orders.find((o) => o.status === 'completed') ?? { id: 'od_001' }).id}/refund`,
    },
  ],
  clock: [
    { caption: '闹钟 — alarms with repeat and switches', path: () => '/' },
    { caption: '编辑闹钟 — time, repeat, label, ringtone, snooze', path: () => '/alarm/al_01' },
    {
      caption: '响铃 — an alarm ringing full screen',
      path: () => '/',
      edit: (s) => {
        const c = s.apps.clock as unknown as { alarms: { id: string; label: string }[]; rings: unknown[]; ringing: string | null };
        c.rings.push({ id: 'rg_900', kind: 'alarm', sourceId: c.alarms[0]!.id, label: c.alarms[0]!.label, at: s.os.time.timestamp, outcome: 'ringing', endedAt: null });
        c.ringing = 'rg_900';
      },
    },
    { caption: '世界时钟 — cities with their time difference', path: () => '/world' },
    { caption: '添加城市 — search', path: () => '/world/add' },
    {
      caption: '计时器 — set a length, running timers',
      path: () => '/timer',
      edit: (s) => {
        const c = s.apps.clock as unknown as { timers: unknown[] };
        c.timers.push({ id: 'tm_09', label: '煮鸡蛋', durationMs: 480_000, status: 'running', endsAt: s.os.time.timestamp + 312_000, remainingMs: 480_000 });
      },
    },
    {
      caption: '秒表 — laps',
      path: () => '/stopwatch',
      edit: (s) => {
        const c = s.apps.clock as unknown as { stopwatch: unknown };
        c.stopwatch = { status: 'paused', startedAt: null, elapsedMs: 95_430, laps: [31_200, 62_870, 95_430] };
      },
    },
    { caption: '响铃记录 — the ring log', path: () => '/history' },
  ],
  food: [
    { caption: '首页 — address, kinds, sort, shops (休息中 greyed)', path: () => '/' },
    { caption: '店铺 — the menu, sold-out dishes, the cart bar', path: (s) => `/shop/${food(s).cart[0]!.shopId}` },
    { caption: '确认订单 — address, arrival, 红包, total', path: (s) => `/checkout/${food(s).cart[0]!.shopId}` },
    { caption: '订单详情 — the stage on the virtual clock', path: (s) => `/order/${food(s).orders.at(-1)!.id}` },
    { caption: '订单 — history, 再来一单, 评价', path: () => '/orders' },
    { caption: '配送最快 — shops by delivery time', path: () => '/?sort=fastest' },
    { caption: '我的收货地址', path: () => '/addresses' },
    { caption: '我的红包', path: () => '/coupons' },
    { caption: '评价 — stars and a text', path: (s) => `/order/${food(s).orders[1]!.id}/review` },
  ],
  mail: [
    { caption: '收件箱 — unread dots, stars, attachments', path: () => '/' },
    { caption: '邮箱列表 — folders with counts, 新建文件夹', path: () => '/folders' },
    { caption: '会议邀请 — 添加到日历, the people', path: (s) => `/mail/${mail(s).mails.find((m) => m.meeting)!.id}` },
    { caption: '一段会话 — a thread, older mails folded', path: (s) => `/mail/${mail(s).mails.findLast((m) => m.refMailId && m.folder !== 'sent')!.id}` },
    { caption: '附件 — photos and documents as tiles', path: (s) => `/mail/${mail(s).mails.findLast((m) => m.attachments.length > 1)!.id}` },
    { caption: '转发 — attachments kept, the quoted mail', path: (s) => `/compose/forward/${mail(s).mails.findLast((m) => m.attachments.length > 1)!.id}` },
    {
      caption: '添加附件 — a draft with photos of 相册 (从相册选择)',
      edit: (s) => {
        const photos = (s.apps.photos as unknown as PhotosState).photos.filter((p) => p.deletedAt === null && (p.kind === 'receipt' || p.kind === 'ticket'));
        mail(s).mails.find((m) => m.folder === 'drafts')!.attachments = photos.slice(0, 2).map((p) => photoAttachment(p, s.os.time.timezone));
      },
      path: (s) => `/compose/draft/${mail(s).mails.find((m) => m.folder === 'drafts')!.id}`,
    },
    { caption: '垃圾邮件 — 清空', path: () => '/folder/spam' },
    { caption: '搜索', path: () => '/search' },
  ],
};

type MailSlice = { mails: { id: string; folder: string; meeting: unknown; refMailId: string | null; attachments: unknown[] }[] };
const mail = (s: PhoneState) => s.apps.mail as unknown as MailSlice;

type MapsSlice = { saved: { homeId: string; workId: string }; places: { id: string; category: string; name: string }[]; rides: { id: string; status: string }[] };
const maps = (s: PhoneState) => s.apps.maps as unknown as MapsSlice;
const station = (s: PhoneState) => maps(s).places.find((p) => p.category === '交通' && p.name.endsWith('站'))!.id;
SHOWCASE.maps = [
  { caption: '地图 — the city, pins, 回家 / 去公司', path: () => '/' },
  { caption: '搜索 — places of a category, nearest first', path: () => '/search?cat=美食' },
  { caption: '地点详情 — address, hours, rating, phone', path: (s) => `/place/${maps(s).places.find((p) => p.category === '美食')!.id}` },
  { caption: '路线 — the path, distance and time', path: (s) => `/route?from=${maps(s).saved.homeId}&to=${station(s)}` },
  { caption: '打车 — car classes and prices', path: (s) => `/ride?from=${maps(s).saved.homeId}&to=${station(s)}` },
  { caption: '行程单 — a paid ride', path: (s) => `/trip/${maps(s).rides.find((r) => r.status === 'paid')!.id}` },
  { caption: '我的行程 — trip history', path: () => '/trips' },
  { caption: '我的 — home, work, favourites', path: () => '/me' },
];

type FilesSlice = { files: { id: string; name: string; folderId: string; text: string; entries: unknown[]; trashedAt: number | null }[]; view: { layout: string } };
const files = (s: PhoneState) => s.apps.files as unknown as FilesSlice;
SHOWCASE.files = [
  { caption: '最近 — recent files with their folders', path: () => '/' },
  { caption: '分类 — storage, kinds with counts and sizes', path: () => '/categories' },
  { caption: '浏览 — 内部存储, sort, view, new folder', path: () => '/browse' },
  { caption: 'Download — a folder in the grid view', path: () => '/folder/d_01', edit: (s) => void (files(s).view.layout = 'grid') },
  { caption: '文件详情 — size, type, time, path, actions', path: (s) => `/file/${files(s).files.find((f) => f.text !== '' && f.trashedAt === null)!.id}` },
  { caption: '压缩包 — its entries and 解压', path: (s) => `/file/${files(s).files.find((f) => f.entries.length > 0 && f.trashedAt === null)!.id}` },
  { caption: '打开 — a document\'s text', path: (s) => `/file/${files(s).files.find((f) => f.text !== '' && f.trashedAt === null)!.id}/view` },
  { caption: '回收站 — restore or delete for good', path: () => '/trash' },
  { caption: '图片 — one kind from every folder', path: () => '/category/image' },
];

type MemosSlice = { memos: { id: string; locked: boolean; deletedAt: number | null; blocks: { kind: string }[] }[]; layout: string };
const memos = (s: PhoneState) => s.apps.memos as unknown as MemosSlice;
const memoWith = (s: PhoneState, kind: string) => memos(s).memos.find((m) => m.deletedAt === null && !m.locked && m.blocks.some((b) => b.kind === kind))!.id;
SHOWCASE.memos = [
  { caption: '备忘录 — pinned first, checklists, sketches', path: () => '/' },
  { caption: '网格视图 — cards with covers', path: () => '/', edit: (s) => void (memos(s).layout = 'grid') },
  { caption: '清单 — tick, add, move ticked down', path: (s) => `/memo/${memoWith(s, 'check')}` },
  { caption: '草图 — a memo with a sketch', path: (s) => `/memo/${memoWith(s, 'sketch')}` },
  { caption: '已加锁 — the password screen', path: (s) => `/memo/${memos(s).memos.find((m) => m.locked)!.id}` },
  { caption: '文件夹 — counts, new folder', path: () => '/folders' },
  { caption: '最近删除 — restore or delete for good', path: () => '/trash' },
];

type PhotosSlice = { photos: { id: string; kind: string; deletedAt: number | null }[]; albums: { id: string }[]; places: { id: string; name: string }[] };
const photos = (s: PhoneState) => s.apps.photos as unknown as PhotosSlice;
const livePhoto = (s: PhoneState, kind: string) => photos(s).photos.findLast((p) => p.kind === kind && p.deletedAt === null) ?? photos(s).photos.at(-1)!;
SHOWCASE.photos = [
  { caption: '照片 — the grid by day, newest first', path: () => '/' },
  { caption: '相册 — 收藏/相机/截屏, my albums, people, places', path: () => '/albums' },
  { caption: '相册详情 — a user album', path: (s) => `/album/${photos(s).albums[0]!.id}` },
  { caption: '查看 — a photo, ♥, 编辑, 删除, 详情', path: (s) => `/photo/${livePhoto(s, 'landscape').id}` },
  { caption: '小票 — a receipt with its number', path: (s) => `/photo/${livePhoto(s, 'receipt').id}` },
  { caption: '编辑 — rotate, crop presets, filters', path: (s) => `/photo/${livePhoto(s, 'food').id}/edit` },
  { caption: '最近删除 — days left, restore', path: () => '/trash' },
  { caption: '搜索 — by place, person, day, album', path: (s) => `/search?q=${encodeURIComponent(photos(s).places[0]!.name)}` },
  { caption: '地点 — a place album', path: (s) => `/album/${photos(s).places[0]!.id}` },
];

type MusicSlice = { playlists: { id: string; mine: boolean }[]; albums: { id: string }[]; artists: { id: string }[]; player: { status: string; anchorAt: number | null } };
const music = (s: PhoneState) => s.apps.music as unknown as MusicSlice;
SHOWCASE.music = [
  { caption: '首页 — 每日推荐, recommended playlists, new albums', path: () => '/' },
  { caption: '搜索 — history and popular artists', path: () => '/search' },
  { caption: '我的 — liked songs, recent plays, my playlists', path: () => '/me' },
  { caption: '歌单 — cover, 播放全部, songs', path: (s) => `/playlist/${music(s).playlists[0]!.id}` },
  { caption: '专辑 — its songs and artist', path: (s) => `/album/${music(s).albums[0]!.id}` },
  { caption: '歌手 — songs and albums', path: (s) => `/artist/${music(s).artists[0]!.id}` },
  {
    caption: '正在播放 — cover, lyrics, progress on the virtual clock',
    path: () => '/player',
    edit: (s) => Object.assign(music(s).player, { status: 'playing', anchorAt: s.os.time.timestamp }),
  },
  { caption: '播放列表 — the queue, mode, 清空', path: () => '/queue' },
  { caption: '管理歌单 — rename, reorder, remove', path: (s) => `/playlist/${music(s).playlists.find((p) => p.mine)!.id}/edit` },
];

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = join(ROOT, 'docs', 'apps');

/** The phone every picture shows. */
const DOCS_SEED = 1;

async function main(): Promise<void> {
  const web = await ensureWebBuild({ log: (l) => console.error(l) });
  const bridge = await BridgeServer.start({ staticDir: web.dir });
  const pool = await EnvPool.open({ bridge, size: 1, shardPrefix: 'shots' });
  const env = pool.envs[0]!;
  const state = createInitialState(DOCS_SEED);
  const json = JSON.stringify(state);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const md: string[] = [
    '# The apps',
    '',
    'Every app’s main screens, as an agent sees them (360x800, seed 1). Produced from the real apps by',
    '`npm run docs:apps` (`bridge/tools/appShots.ts`); each app’s README describes its state.',
    '',
  ];
  try {
    const shoot = async (file: string, route: { app: string; path: string }, stateJson = json) => {
      await env.reset(stateJson, route);
      await env.device.call('settle', {});
      const jpeg = await env.page.screenshot({ type: 'jpeg', quality: 85 });
      writeFileSync(join(OUT, file), jpeg);
      console.error(`docs/apps/${file}`);
    };
    await shoot('home.jpg', { app: 'home', path: '/' });
    md.push('## The launcher', '', '<img src="apps/home.jpg" width="240" alt="the launcher">', '');
    for (const app of APPS) {
      const shots = SHOWCASE[app.id] ?? [{ caption: app.name, path: () => app.rootPath }];
      md.push(`## ${app.name} (\`${app.id}\`)`, '', `State and screens: [simulator-apps/${app.id}/README.md](../simulator-apps/${app.id}/README.md)`, '');
      const cells: string[] = [];
      for (const [i, shot] of shots.entries()) {
        const file = `${app.id}-${i + 1}.jpg`;
        let edited: string | undefined;
        if (shot.edit) {
          const copy = JSON.parse(json) as PhoneState;
          shot.edit(copy);
          edited = JSON.stringify(copy);
        }
        await shoot(file, { app: app.id, path: shot.path(state) }, edited);
        cells.push(`<td align="center" valign="top"><img src="apps/${file}" width="200" alt="${shot.caption}"><br>${shot.caption}</td>`);
      }
      for (let i = 0; i < cells.length; i += 3) md.push(`<table><tr>${cells.slice(i, i + 3).join('')}</tr></table>`, '');
    }
    // Looks (--variant): the same phone drawn four ways, a few screens each.
    md.push(
      '## Looks (`--variant`)',
      '',
      'The same seed in looks 0 (as designed), 1 (every dimension changed: dark, another accent, larger text and layout, round icons, a shuffled home screen), 2 and 3 (drawn from their numbers). Looks 1-3 also rename the ordinary people (轻聊\'s chats, 钱包\'s transfers); a task\'s instance keeps every person it refers to. What a task asks and what its answer is are the same in every look ([docs/tasks.md](tasks.md#looks-the-same-phone-drawn-differently---variant)).',
      '',
    );
    const LOOK_SCREENS: [string, string][] = [['home', '/'], ['chat', '/'], ['shop', '/'], ['wallet', '/'], ['photos', '/']];
    for (const variant of [0, 1, 2, 3]) {
      const looked = JSON.parse(json) as PhoneState;
      applyLook(looked, variant, APPS.map((a) => a.id));
      // No task here refers to anyone: every ordinary person gets the look's name.
      if (variant !== 0) applyRenames(looked, chooseRenames(looked, DOCS_SEED, variant, ''));
      const cells: string[] = [];
      for (const [app, path] of LOOK_SCREENS) {
        const file = `look${variant}-${app}.jpg`;
        await shoot(file, { app, path: app === 'home' ? '/' : (APPS.find((a) => a.id === app)?.rootPath ?? path) }, JSON.stringify(looked));
        cells.push(`<td align="center"><img src="apps/${file}" width="150" alt="${app}, look ${variant}"></td>`);
      }
      md.push(`<table><tr><th>look ${variant}</th>${cells.join('')}</tr></table>`, '');
    }
    writeFileSync(join(ROOT, 'docs', 'apps.md'), md.join('\n'));
    console.error('docs/apps.md');
  } finally {
    await pool.close();
    await bridge.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
