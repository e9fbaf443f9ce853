import type { TAttributeDef, TParamDef } from '@jizu/shared/schemas/region';
import type { TRentUnit } from '@jizu/shared/constants/equipment';

/**
 * The equipment taxonomy: categories → groups → products, loaded by loadReferenceData (upsert by id).
 * Ids are stable and never reused, because listings keep them: category n, group n·100+g, product group·100+p;
 * every group's 其他 product is group·100+99. Remove nothing from here: retire an entry by renaming it instead.
 */
export interface TProductSeed {
  id: number;
  name: string;
  isOther: boolean;
  params: TParamDef[];
  attributes: TAttributeDef[];
  units: TRentUnit[];
}
export interface TGroupSeed {
  id: number;
  name: string;
  products: TProductSeed[];
}
export interface TCategorySeed {
  id: number;
  name: string;
  icon: string;
  groups: TGroupSeed[];
}

const num = (key: string, name: string, unit: string, required = true): TParamDef => ({
  key,
  name,
  unit,
  input: 'number',
  required,
});
const txt = (key: string, name: string, required = false): TParamDef => ({
  key,
  name,
  unit: '',
  input: 'text',
  required,
});
const sel = (key: string, name: string, options: string[], required = true): TParamDef => ({
  key,
  name,
  unit: '',
  input: 'select',
  options,
  required,
});

// attribute choices
const POWER: TAttributeDef = { name: '动力类型', options: ['柴油', '电动', '混合动力'] };
const TRAVEL: TAttributeDef = { name: '行走方式', options: ['履带', '轮式'] };
const EMISSION: TAttributeDef = { name: '排放标准', options: ['国三', '国四', '国五', '国六'] };
const OPERATOR: TAttributeDef = { name: '操作手', options: ['含机手', '不含机手'] };
const ORIGIN: TAttributeDef = { name: '品牌产地', options: ['国产', '进口'] };
const DRIVER: TAttributeDef = { name: '司机', options: ['含司机', '不含司机'] };
const ELECTRIC: TAttributeDef = { name: '动力类型', options: ['电动', '柴油'] };
const HAMMER: TAttributeDef = { name: '属具', options: ['标准斗', '破碎锤', '岩石斗', '液压剪'] };

// rent units
const MACHINE: TRentUnit[] = ['台班', '月', '天', '小时'];
const LONG: TRentUnit[] = ['月', '天'];
const CONCRETE: TRentUnit[] = ['方', '台班', '月'];
const TRUCK: TRentUnit[] = ['趟', '吨', '天', '月'];
const PILE: TRentUnit[] = ['米', '台班', '月'];

// parameter sets
const EXCAVATOR = [
  num('weight', '整机质量', 't'),
  num('bucket', '斗容量', 'm³'),
  num('power', '额定功率', 'kW'),
  num('dig_depth', '最大挖掘深度', 'm', false),
];
const LOADER = [num('load', '额定载重量', 't'), num('bucket', '斗容量', 'm³'), num('power', '额定功率', 'kW')];
const DOZER = [
  num('weight', '整机质量', 't'),
  num('power', '额定功率', 'kW'),
  num('blade_width', '铲刀宽度', 'm', false),
];
const MOBILE_CRANE = [
  num('max_lift', '最大起重量', 't'),
  num('boom', '主臂长度', 'm'),
  num('jib', '副臂长度', 'm', false),
];
const TOWER_CRANE = [
  num('max_lift', '最大起重量', 't'),
  num('radius', '最大工作幅度', 'm'),
  num('moment', '额定起重力矩', 't·m', false),
  num('free_height', '独立高度', 'm', false),
];
const HOIST = [
  num('load', '额定载重量', 'kg'),
  num('lift_height', '最大提升高度', 'm'),
  sel('cages', '吊笼数量', ['单笼', '双笼']),
];
const PLATFORM = [
  num('work_height', '最大工作高度', 'm'),
  num('rated_load', '额定载荷', 'kg'),
  num('outreach', '最大工作幅度', 'm', false),
];
const ROLLER = [
  num('weight', '工作质量', 't'),
  num('drum_width', '振动轮宽度', 'm', false),
  num('force', '激振力', 'kN', false),
];
const TAMPER = [num('weight', '工作质量', 'kg'), num('force', '冲击力', 'kN', false)];
const PAVER = [
  num('pave_width', '最大摊铺宽度', 'm'),
  num('pave_depth', '最大摊铺厚度', 'mm', false),
  num('output', '理论生产率', 't/h', false),
];
const MILLER = [num('mill_width', '铣刨宽度', 'm'), num('mill_depth', '最大铣刨深度', 'mm')];
const PLANT_T = [num('output', '生产能力', 't/h')];
const PLANT_M3 = [num('output', '生产能力', 'm³/h')];
const MIXER_SOIL = [
  num('mix_width', '拌和宽度', 'm'),
  num('mix_depth', '拌和深度', 'mm'),
  num('power', '额定功率', 'kW', false),
];
const PUMP_TRUCK = [
  num('pump_height', '垂直泵送高度', 'm'),
  num('output', '理论输送量', 'm³/h'),
  sel('sections', '臂架节数', ['4节', '5节', '6节', '7节'], false),
];
const LINE_PUMP = [
  num('output', '理论输送量', 'm³/h'),
  num('pressure', '最大出口压力', 'MPa'),
  num('power', '电机功率', 'kW', false),
];
const MIXER_TRUCK = [num('drum', '搅拌筒容积', 'm³'), sel('drive', '驱动形式', ['6×4', '8×4'], false)];
const SPRAYER = [num('output', '理论喷射量', 'm³/h'), num('height', '最大喷射高度', 'm', false)];
const ROTARY = [
  num('diameter', '最大钻孔直径', 'mm'),
  num('depth', '最大钻孔深度', 'm'),
  num('torque', '最大扭矩', 'kN·m', false),
];
const AUGER = [num('diameter', '最大钻孔直径', 'mm'), num('depth', '最大钻孔深度', 'm')];
const HDD = [num('pullback', '最大回拖力', 't'), num('torque', '最大扭矩', 'kN·m', false)];
const PILE_PRESS = [num('press', '最大压桩力', 't'), num('pile', '适用桩径', 'mm', false)];
const HAMMER_P = [num('ram', '锤芯质量', 't'), num('energy', '最大打击能量', 'kJ', false)];
const VIBRO = [num('force', '激振力', 'kN'), num('power', '电机功率', 'kW', false)];
const WALL = [num('width', '成槽宽度', 'mm'), num('depth', '最大成槽深度', 'm')];
const TBM = [
  num('diameter', '开挖直径', 'm'),
  sel('type', '盾构类型', ['土压平衡', '泥水平衡', '硬岩(TBM)', '双模式']),
];
const PIPE_JACK = [num('diameter', '顶管外径', 'mm'), num('thrust', '最大顶推力', 't', false)];
const JUMBO = [
  sel('arms', '钻臂数量', ['单臂', '两臂', '三臂']),
  num('coverage', '最大覆盖面积', 'm²', false),
  num('hole_depth', '钻孔深度', 'm', false),
];
const ARCH = [num('arch_weight', '最大拱架质量', 'kg'), num('height', '最大作业高度', 'm', false)];
const LINING = [num('length', '台车长度', 'm'), num('span', '适用断面宽度', 'm', false)];
const DTH = [num('diameter', '钻孔直径', 'mm'), num('depth', '最大钻孔深度', 'm', false)];
const HEADER = [num('power', '截割功率', 'kW'), num('height', '最大截割高度', 'm', false)];
const DUMP = [
  num('payload', '载重量', 't'),
  num('box', '车厢容积', 'm³', false),
  sel('drive', '驱动形式', ['4×2', '6×4', '8×4'], false),
];
const FLATBED = [num('payload', '载重量', 't'), num('deck', '货台长度', 'm')];
const TRACTOR = [num('power', '发动机功率', 'hp'), sel('drive', '驱动形式', ['4×2', '6×4'], false)];
const WATER = [num('tank', '罐体容积', 'm³')];
const FORKLIFT = [num('capacity', '额定起重量', 't'), num('lift', '最大起升高度', 'm', false)];
const TELEHANDLER = [num('capacity', '最大举升重量', 't'), num('lift', '最大举升高度', 'm')];
const GRADER = [
  num('power', '额定功率', 'kW'),
  num('blade_width', '铲刀宽度', 'm'),
  num('weight', '整机质量', 't', false),
];
const SCRAPER = [num('bowl', '铲斗容量', 'm³'), num('power', '额定功率', 'kW', false)];
const BACKHOE = [
  num('weight', '整机质量', 't'),
  num('loader_bucket', '装载斗容量', 'm³'),
  num('dig_depth', '最大挖掘深度', 'm', false),
];
const BREAKER = [num('weight', '工作质量', 'kg'), num('carrier', '适配主机吨位', 't', false)];
const OTHER = [txt('spec', '主要规格', true)];

let nextGroup = 0;
/** A group's products in order, then its 其他 product (id group·100+99). */
function group(
  categoryId: number,
  name: string,
  products: [string, TParamDef[], TAttributeDef[], TRentUnit[]][],
): TGroupSeed {
  nextGroup = nextGroup + 1;
  const id = categoryId * 100 + nextGroup;
  const seeds: TProductSeed[] = products.map(([pname, params, attributes, units], i) => ({
    id: id * 100 + i + 1,
    name: pname,
    isOther: false,
    params,
    attributes,
    units,
  }));
  const units = [...new Set(products.flatMap((p) => p[3]))];
  seeds.push({ id: id * 100 + 99, name: '其他', isOther: true, params: OTHER, attributes: [OPERATOR], units });
  return { id, name, products: seeds };
}
function category(id: number, name: string, icon: string, groups: (cat: number) => TGroupSeed[]): TCategorySeed {
  nextGroup = 0;
  return { id, name, icon, groups: groups(id) };
}

export const EQUIPMENT_CATALOGUE: TCategorySeed[] = [
  category(1, '挖掘机械', 'excavator', (c) => [
    group(c, '挖掘机', [
      ['履带式挖掘机', EXCAVATOR, [POWER, EMISSION, HAMMER, OPERATOR], MACHINE],
      ['轮式挖掘机', EXCAVATOR, [POWER, EMISSION, HAMMER, OPERATOR], MACHINE],
      ['小型挖掘机', EXCAVATOR, [POWER, TRAVEL, HAMMER, OPERATOR], MACHINE],
      ['微型挖掘机', EXCAVATOR, [POWER, TRAVEL, OPERATOR], MACHINE],
      ['长臂挖掘机', [...EXCAVATOR, num('arm_length', '加长臂长度', 'm')], [POWER, OPERATOR], MACHINE],
      ['水陆两用挖掘机', EXCAVATOR, [OPERATOR], MACHINE],
    ]),
    group(c, '挖掘装载机', [['挖掘装载机', BACKHOE, [POWER, OPERATOR], MACHINE]]),
    group(c, '破碎设备', [
      ['液压破碎锤', BREAKER, [ORIGIN], LONG],
      ['破碎机', [num('output', '生产能力', 't/h')], [TRAVEL, OPERATOR], MACHINE],
    ]),
  ]),
  category(2, '铲土运输机械', 'loader', (c) => [
    group(c, '装载机', [
      ['轮式装载机', LOADER, [POWER, EMISSION, OPERATOR], MACHINE],
      ['滑移装载机', LOADER, [POWER, TRAVEL, OPERATOR], MACHINE],
      ['履带式装载机', LOADER, [OPERATOR], MACHINE],
    ]),
    group(c, '推土机', [
      ['履带式推土机', DOZER, [EMISSION, OPERATOR], MACHINE],
      ['湿地推土机', DOZER, [OPERATOR], MACHINE],
    ]),
    group(c, '平地机', [['平地机', GRADER, [EMISSION, OPERATOR], MACHINE]]),
    group(c, '铲运机', [
      ['自行式铲运机', SCRAPER, [OPERATOR], MACHINE],
      ['拖式铲运机', SCRAPER, [OPERATOR], MACHINE],
    ]),
  ]),
  category(3, '起重机械', 'crane', (c) => [
    group(c, '流动式起重机', [
      ['汽车起重机', MOBILE_CRANE, [EMISSION, OPERATOR], MACHINE],
      ['全地面起重机', MOBILE_CRANE, [OPERATOR], MACHINE],
      ['越野轮胎起重机', MOBILE_CRANE, [OPERATOR], MACHINE],
      ['履带起重机', MOBILE_CRANE, [OPERATOR], ['台班', '月', '天']],
      [
        '随车起重机',
        [num('max_lift', '最大起重量', 't'), num('payload', '载重量', 't', false)],
        [DRIVER],
        ['台班', '天', '趟'],
      ],
    ]),
    group(c, '塔式起重机', [
      ['平头塔式起重机', TOWER_CRANE, [ORIGIN], LONG],
      ['动臂塔式起重机', TOWER_CRANE, [ORIGIN], LONG],
      ['锤头塔式起重机', TOWER_CRANE, [ORIGIN], LONG],
    ]),
    group(c, '施工升降机', [
      ['施工升降机', HOIST, [], LONG],
      ['物料提升机', HOIST, [], LONG],
    ]),
  ]),
  category(4, '高空作业机械', 'aerial', (c) => [
    group(c, '高空作业平台', [
      ['剪叉式高空作业平台', PLATFORM, [ELECTRIC, TRAVEL], ['天', '月']],
      ['直臂式高空作业平台', PLATFORM, [ELECTRIC], ['天', '月']],
      ['曲臂式高空作业平台', PLATFORM, [ELECTRIC], ['天', '月']],
      ['桅柱式高空作业平台', PLATFORM, [ELECTRIC], ['天', '月']],
      ['蜘蛛式高空作业平台', PLATFORM, [ELECTRIC], ['天', '月']],
    ]),
    group(c, '高空作业车', [
      ['折臂式高空作业车', PLATFORM, [DRIVER], ['台班', '天', '月']],
      ['伸缩臂式高空作业车', PLATFORM, [DRIVER], ['台班', '天', '月']],
    ]),
  ]),
  category(5, '压实机械', 'roller', (c) => [
    group(c, '压路机', [
      ['单钢轮压路机', ROLLER, [EMISSION, OPERATOR], MACHINE],
      ['双钢轮压路机', ROLLER, [EMISSION, OPERATOR], MACHINE],
      ['轮胎压路机', ROLLER, [OPERATOR], MACHINE],
      ['冲击压路机', [num('weight', '工作质量', 't'), num('energy', '冲击能量', 'kJ', false)], [OPERATOR], MACHINE],
      ['三钢轮压路机', ROLLER, [OPERATOR], MACHINE],
    ]),
    group(c, '夯实机械', [
      ['平板夯', TAMPER, [POWER], ['天', '月']],
      ['冲击夯', TAMPER, [POWER], ['天', '月']],
      [
        '液压夯实机',
        [num('energy', '夯击能量', 'kJ'), num('carrier', '适配主机吨位', 't', false)],
        [OPERATOR],
        MACHINE,
      ],
    ]),
  ]),
  category(6, '路面机械', 'paver', (c) => [
    group(c, '沥青路面机械', [
      ['沥青摊铺机', PAVER, [TRAVEL, OPERATOR], MACHINE],
      ['路面铣刨机', MILLER, [OPERATOR], MACHINE],
      ['沥青搅拌站', PLANT_T, [], ['月', '吨']],
      [
        '沥青洒布车',
        [num('tank', '罐体容积', 'm³'), num('spray_width', '洒布宽度', 'm', false)],
        [DRIVER],
        ['台班', '天'],
      ],
    ]),
    group(c, '稳定土及养护机械', [
      ['稳定土拌和机', MIXER_SOIL, [OPERATOR], MACHINE],
      ['稳定土厂拌设备', PLANT_T, [], ['月', '吨']],
      ['路面再生机', MIXER_SOIL, [OPERATOR], MACHINE],
      ['同步碎石封层车', [num('spray_width', '洒布宽度', 'm')], [DRIVER], ['台班', '天']],
    ]),
  ]),
  category(7, '混凝土机械', 'concrete', (c) => [
    group(c, '泵送设备', [
      ['混凝土泵车', PUMP_TRUCK, [EMISSION, OPERATOR], CONCRETE],
      ['车载泵', LINE_PUMP, [OPERATOR], CONCRETE],
      ['拖泵', LINE_PUMP, [POWER, OPERATOR], CONCRETE],
      ['混凝土布料机', [num('radius', '布料半径', 'm')], [], LONG],
    ]),
    group(c, '搅拌及运输设备', [
      ['混凝土搅拌运输车', MIXER_TRUCK, [EMISSION, DRIVER], ['方', '趟', '天', '月']],
      ['混凝土搅拌站', PLANT_M3, [], ['月', '方']],
      ['自上料搅拌车', [num('drum', '搅拌筒容积', 'm³')], [OPERATOR], ['方', '天', '月']],
    ]),
    group(c, '喷射设备', [['混凝土湿喷机', SPRAYER, [POWER, OPERATOR], ['方', '台班', '月']]]),
  ]),
  category(8, '桩工机械', 'pile', (c) => [
    group(c, '钻孔设备', [
      ['旋挖钻机', ROTARY, [OPERATOR], PILE],
      ['长螺旋钻机', AUGER, [OPERATOR], PILE],
      ['冲击钻机', AUGER, [OPERATOR], PILE],
      ['反循环钻机', AUGER, [OPERATOR], PILE],
      ['水平定向钻机', HDD, [OPERATOR], PILE],
    ]),
    group(c, '压桩及打桩设备', [
      ['静力压桩机', PILE_PRESS, [OPERATOR], PILE],
      ['液压打桩锤', HAMMER_P, [OPERATOR], PILE],
      ['振动锤', VIBRO, [OPERATOR], PILE],
      ['柴油打桩锤', HAMMER_P, [OPERATOR], PILE],
    ]),
    group(c, '地下连续墙设备', [
      ['双轮铣槽机', WALL, [OPERATOR], PILE],
      ['液压抓斗', WALL, [OPERATOR], PILE],
    ]),
  ]),
  category(9, '隧道及矿山机械', 'tunnel', (c) => [
    group(c, '隧道设备', [
      ['盾构机', TBM, [], ['月', '米']],
      ['顶管机', PIPE_JACK, [OPERATOR], ['月', '米']],
      ['凿岩台车', JUMBO, [OPERATOR], ['月', '台班', '米']],
      ['拱架安装台车', ARCH, [OPERATOR], ['月', '台班']],
      ['隧道衬砌台车', LINING, [], ['月']],
    ]),
    group(c, '矿山设备', [
      ['矿用自卸车', DUMP, [DRIVER], ['月', '吨', '台班']],
      ['潜孔钻机', DTH, [OPERATOR], ['台班', '月', '米']],
      ['掘进机', HEADER, [OPERATOR], ['月', '米']],
    ]),
  ]),
  category(10, '运输车辆', 'truck', (c) => [
    group(c, '工程运输车', [
      ['自卸车', DUMP, [EMISSION, DRIVER], TRUCK],
      ['平板运输车', FLATBED, [DRIVER], TRUCK],
      ['半挂牵引车', TRACTOR, [EMISSION, DRIVER], TRUCK],
      ['洒水车', WATER, [DRIVER], ['台班', '天', '月']],
    ]),
    group(c, '场内车辆', [
      ['叉车', FORKLIFT, [ELECTRIC], ['天', '月']],
      ['伸缩臂叉装机', TELEHANDLER, [OPERATOR], ['台班', '天', '月']],
    ]),
  ]),
];
