import { equipment } from './messages/equipment';
import { market } from './messages/market';
import { talk } from './messages/talk';
import { favorite } from './messages/favorite';
import { report } from './messages/report';
import { review } from './messages/review';
import { shop } from './messages/shop';
import { shelf } from './messages/shelf';
import { rights } from './messages/rights';
import { common } from './messages/common';
import { input } from './messages/input';
import { auth } from './messages/auth';
import { company } from './messages/company';
import { points } from './messages/points';
import { bank } from './messages/bank';
import { invoice } from './messages/invoice';
import { member } from './messages/member';
import { seal } from './messages/seal';
import { upload } from './messages/upload';
import { region } from './messages/region';
import { staff } from './messages/staff';
import { payment } from './messages/payment';
import { admin } from './messages/admin';
import { account } from './messages/account';
import { notice } from './messages/notice';
import { message } from './messages/message';
import { verify } from './messages/verify';
import { platform } from './messages/platform';
import { bidding } from './messages/bidding';
import { offer } from './messages/offer';
import { demand } from './messages/demand';
import { order } from './messages/order';
import { contract } from './messages/contract';
import { machine } from './messages/machine';
import { settle } from './messages/settle';
import { orderpay } from './messages/orderpay';
import { finprod } from './messages/finprod';
import { recruit } from './messages/recruit';
import { training } from './messages/training';
import { events } from './messages/events';

/**
 * The message catalogue: every user-facing text of jizu. The spec's own texts are used verbatim. One module per
 * section (messages/<section>.ts), gathered here for the server. The web app imports the sections it uses straight
 * from their modules, so a page's bundle carries only its own texts, never the whole catalogue.
 */
export const M = {
  bidding,
  offer,
  demand,
  order,
  contract,
  machine,
  settle,
  orderpay,
  finprod,
  recruit,
  equipment,
  market,
  talk,
  favorite,
  report,
  review,
  shop,
  shelf,
  rights,
  common,
  input,
  auth,
  company,
  points,
  bank,
  invoice,
  member,
  seal,
  upload,
  region,
  staff,
  payment,
  admin,
  account,
  notice,
  message,
  verify,
  platform,
  training,
  events,
} as const;

export { fmt } from './messages/fmt';
