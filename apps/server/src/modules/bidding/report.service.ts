import { BIDDING_CLASSIFY, BIDDING_MACHINE } from '@jizu/shared/constants/bidding';
import { transitionOf } from '@jizu/shared/rules/machine';
import { biddingActionText } from '@jizu/shared/messages/bidding';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { PdfWriter } from '../../platform/pdf';
import { listAuditTrail } from '../audit/audit.service';
import { shanghaiDateTime } from '@jizu/shared/rules/datetime';
import { requireOwnBidding } from './bidding.access';
import { biddingBaseView, type TBiddingRow } from './bidding.view';
import { AUDIT_BIDDING } from './bidding.transition';
import { quoteTable } from './select.compare.service';

export const reportFilename = (b: Pick<TBiddingRow, 'sn'>) => `竞价结果报告-${b.sn}.pdf`;

/**
 * GET /rent/bidding/exportReportPdf: the result report of a completed project, for its owner only (it holds every
 * provider's prices): the project, its requirements, each line's quotes with the selected providers and allocations,
 * and the history from the audit trail. Chinese text is real text in an embedded font subset.
 */
export async function biddingReportPdf(
  db: Executor,
  companyId: number,
  id: number,
): Promise<{ pdf: Buffer; bidding: TBiddingRow }> {
  const b = await requireOwnBidding(db, companyId, id);
  if (!transitionOf(BIDDING_MACHINE, { status: b.status }, 'report', 'owner'))
    throw new AppError('BIDDING_NOT_COMPLETED', '竞价项目完成后才能下载结果报告');
  const view = await biddingBaseView(db, b, { publicUrl: '', full: true });
  const w = await PdfWriter.create({ title: `竞价结果报告 ${b.name}`, footer: `机租通 · 竞价结果报告 · ${b.sn}` });
  w.title('竞价结果报告');
  w.paragraph(b.name, 12);
  w.heading('项目信息');
  w.fields([
    ['项目编号', b.sn],
    ['竞价方式', view.classify_v],
    ['承租方', view.company_v],
    ['项目类型', view.type_v],
    ['发布时间', view.create_time],
    ['报价截止', view.end_time],
    ['完成日期', view.finish_date_v],
    ['响应企业', `${view.response_com_count} 家`],
    ['施工地址', `${view.region_v}${view.address}`],
    ['联系人', `${view.contacts} ${view.tel}`],
  ]);
  w.heading('服务商要求');
  w.fields([
    ['发票类型', view.invoice_type_v],
    ['注册资本', view.registered_assets_v],
    ['其他要求', view.other || '无'],
  ]);
  if (view.req) {
    w.heading('工程要求');
    w.fields([
      ['数量', `${view.req.num}${view.req.num_unit_v}`],
      ['不含税限价', view.req.limit_v],
      ['计费方式', view.req.payment_type_v],
      ['预计工期', view.req.time_v],
      ['预计进场', view.req.enter_date],
      ['设备年限', view.req.age_v],
      ['机手安排', view.req.driver_v],
      ['进出场费', view.req.inout_v],
      ['油费', view.req.oil_v],
      ['食宿', view.req.boarding_v],
    ]);
  }
  const head = ['服务商', '报价数量', '不含税单价', '税率', '含税单价', '进出场费', '状态', '分配数量'];
  const widths = [0.25, 0.1, 0.12, 0.07, 0.12, 0.11, 0.11, 0.12];
  if (b.classify === BIDDING_CLASSIFY.total) {
    w.heading('设备清单');
    w.table(
      ['序号', '设备', '型号', '数量'],
      view.bidding_req_detail.map((l) => [String(l.no), l.eq_product_v, l.model || '—', String(l.eq_num)]),
      [0.1, 0.4, 0.3, 0.2],
    );
    const quotes = (await quoteTable(db, companyId, { bid: b.id, sortName: 'tax_total', sortOrder: 'asc' })).data;
    w.heading('报价与中选结果');
    w.table(
      ['服务商', '数量', '不含税单价', '含税单价', '进出场费', '报价总额', '结果'],
      quotes.map((q) => [
        q.company_v,
        `${q.num}${q.num_unit_v}`,
        q.price_v,
        q.tax_total_v,
        q.inout_price_v,
        q.bid_amount_v,
        q.select ? '中选' : '未中选',
      ]),
      [0.24, 0.1, 0.13, 0.13, 0.12, 0.16, 0.12],
    );
  } else {
    for (const l of view.bidding_req_detail) {
      w.heading(
        `第${l.no}项 ${l.eq_product_v}${l.model ? ` ${l.model}` : ''}（需求 ${l.num}${l.num_unit_v}，已分配 ${l.allot_num}，限价 ${l.limit_v}）`,
        10,
      );
      const quotes = (
        await quoteTable(db, companyId, { bid: b.id, rid: l.id, sortName: 'tax_total', sortOrder: 'asc' })
      ).data;
      if (!quotes.length) w.paragraph('无服务商报价');
      else
        w.table(
          head,
          quotes.map((q) => [
            q.company_v,
            `${q.num}${q.num_unit_v}`,
            q.price_v,
            q.rate_v,
            q.tax_total_v,
            q.inout_price_v,
            q.select ? '中选' : '未中选',
            String(q.allot_num),
          ]),
          widths,
        );
    }
  }
  w.heading('操作记录');
  const history = await listAuditTrail(db, AUDIT_BIDDING, b.id);
  w.table(
    ['时间', '操作', '说明'],
    history.map((h) => [h.create_time, biddingActionText[h.action] ?? h.action, h.reason || '—']),
    [0.28, 0.2, 0.52],
  );
  w.paragraph(`报告生成时间：${shanghaiDateTime(new Date())}`, 9);
  return { pdf: await w.finish(), bidding: b };
}
