import type { TInquiryRow, TSuitRow } from '@jizu/shared/schemas/talk';
import type { TListingCard } from '@jizu/shared/schemas/equipment';

export type TInquiryDetail = TInquiryRow & { offers: TSuitRow[] };
export type TInquiryListing = TListingCard & { company_name: string };
export const talkKey = ['talk'] as const;
