import { criteria, defineTask } from '../../bridge/tasks/api.ts';
import { idCheckChar, nextPassengerId } from '../../simulator-apps/railway/logic.ts';
import { openRailwayHome, railwayOf } from './_helpers.ts';
import { exactlyOne } from '../_shared/criteria.ts';

interface P extends Record<string, unknown> {
  name: string;
  idNo: string;
  phone: string;
  kind: string;
}

const NAMES = ['周雨桐', '许文博', '邓思琪', '蒋一鸣', '谢晓彤', '韩子墨'] as const;

/** 我的 → 乘车人 → 添加乘车人: a valid form saves a new passenger with exactly these fields. */
export default defineTask<P>({
  goal: (p) => `在铁路出行里添加一位乘车人：姓名${p.name}，身份证号${p.idNo}，手机号${p.phone}，旅客类型“${p.kind}”。`,
  difficulty: 'L2',
  objective: 'action',
  apps: ['railway'],
  startApp: 'railway',
  tags: ['passengers', 'form'],
  params: {
    name: { type: 'enum', values: NAMES },
    idNo: {
      sampler: (_s, rng) => {
        const first = `${rng.pick(['110105', '310104', '440305', '510107'])}${rng.int(1970, 2002)}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}${String(rng.int(100, 999))}`;
        return first + idCheckChar(first);
      },
    },
    phone: { sampler: (_s, rng) => `13${rng.int(5, 9)}${String(rng.int(0, 99_999_999)).padStart(8, '0')}` },
    kind: { type: 'enum', values: ['成人', '学生'] },
  },
  checkGoals(input, p) {
    const id = nextPassengerId(railwayOf(input.init));
    const added = railwayOf(input.final).passengers.filter((x) => !railwayOf(input.init).passengers.some((y) => y.id === x.id));
    const a = added[0];
    return [
      exactlyOne('exactly one new passenger', added, `apps.railway.passengers[${id}]`),
      criteria.equals('name, ID and phone', a ? `${a.name}/${a.idType}/${a.idNo}/${a.phone}` : null, `${p.name}/居民身份证/${p.idNo}/${p.phone}`),
      criteria.equals('passenger type', a?.kind ?? null, p.kind),
    ];
  },
  async oracle(ui, p) {
    await openRailwayHome(ui);
    await ui.tap('railway.tab.me');
    await ui.tap('railway.me.passengers');
    await ui.tap('railway.passengers.add');
    await ui.type('railway.passenger.name', p.name);
    await ui.type('railway.passenger.idNo', p.idNo);
    await ui.type('railway.passenger.phone', p.phone);
    await ui.tap(`railway.passenger.kind.${p.kind}`);
    await ui.tap('railway.passenger.save');
    if (ui.route.path !== '/passengers') throw new Error(`the form did not save (${ui.find('railway.passenger.error')?.text ?? ui.route.path})`);
  },
});
