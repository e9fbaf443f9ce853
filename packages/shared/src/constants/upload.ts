import { MENU } from './menu';

/**
 * Upload rules per path (spec/1 §5 and §7, spec/2 §5, spec/3 §5). The server enforces them; the web app reuses them
 * for its pre-checks (`accept`, size and type messages) so both say the same thing.
 */
export const UPLOAD_KINDS = [
  'charter',
  'avatar',
  'contract',
  'signet',
  'settle',
  'ep',
  'shop',
  'recruit',
  'inout',
] as const;
export type TUploadKind = (typeof UPLOAD_KINDS)[number];

/** Formats as detected from the bytes (magic numbers), never from the name or the client's content type. */
export type TUploadFormat = 'jpg' | 'png' | 'gif' | 'pdf';

export const UPLOAD_FORMAT_MIME: Record<TUploadFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

export interface TUploadRule {
  /** the API path (under /api) */
  path: string;
  formats: TUploadFormat[];
  maxBytes: number;
  /** the size as the message says it: 文件大小应不超过{sizeText} */
  sizeText: string;
  /** the types as the message says them: 请上传{typesText}格式图片 */
  typesText: string;
  /** what the kind takes, a code that chooses the type message: images only (…格式图片), or files (a PDF: …格式文件) */
  content: 'image' | 'file';
  /** the `accept` attribute of the file input */
  accept: string;
  /** keep the exact pixel size (a seal is checked at 300×300 later); otherwise the long edge is capped */
  keepSize?: boolean;
  /**
   * The upload belongs to a section of the company: only an active member of the request's company with this menu
   * grant may upload (the section's own access). company_id travels in the query string, since the access check runs
   * before a multipart body is read. Without it any logged-in user may upload.
   */
  menu?: number;
}

const MB = 1024 * 1024;

export const UPLOAD_RULES: Record<TUploadKind, TUploadRule> = {
  // company verification licence (spec/1 §5: JPG or PNG up to 10 MB)
  charter: {
    path: '/index/upload/charter',
    formats: ['jpg', 'png'],
    maxBytes: 10 * MB,
    sizeText: '10M',
    typesText: 'JPG、PNG',
    content: 'image',
    accept: '.jpg,.jpeg,.png',
  },
  avatar: {
    path: '/index/upload/avatar',
    formats: ['jpg', 'png'],
    maxBytes: 5 * MB,
    sizeText: '5M',
    typesText: 'JPG、PNG',
    content: 'image',
    accept: '.jpg,.jpeg,.png',
  },
  // contract attachments: PDF only (spec/2 § contract upload: 请上传pdf格式文件)
  contract: {
    path: '/index/upload/contract',
    formats: ['pdf'],
    maxBytes: 10 * MB,
    sizeText: '10M',
    typesText: 'pdf',
    content: 'file',
    accept: '.pdf',
  },
  // seal image: PNG under 50 KB ('文件大小应不超过50k'); 300×300 transparency is checked by the seal module
  signet: {
    path: '/index/upload/signet',
    formats: ['png'],
    maxBytes: 50 * 1024,
    sizeText: '50k',
    typesText: 'PNG',
    content: 'image',
    accept: '.png',
    keepSize: true,
    menu: MENU.companySign,
  },
  // settlement images (spec/2 §5: JPG/JPEG/PNG under 10 MB)
  settle: {
    path: '/index/upload/settle',
    formats: ['jpg', 'png'],
    maxBytes: 10 * MB,
    sizeText: '10M',
    typesText: 'JPG、JPEG、PNG',
    content: 'image',
    accept: '.jpg,.jpeg,.png',
  },
  // equipment listing images (spec/1 §5: jpg, jpeg, png, gif; 10 MB)
  ep: {
    path: '/ep/upload',
    formats: ['jpg', 'png', 'gif'],
    maxBytes: 10 * MB,
    sizeText: '10M',
    typesText: 'jpg、jpeg、png、gif',
    content: 'image',
    accept: '.jpg,.jpeg,.png,.gif',
  },
  // shop logo, cover, cases, honours (spec/1 §5: jpg or png, logo under 5 MB)
  shop: {
    path: '/shop/upload',
    formats: ['jpg', 'png'],
    maxBytes: 5 * MB,
    sizeText: '5M',
    typesText: 'jpg、png',
    content: 'image',
    accept: '.jpg,.jpeg,.png',
  },
  // job cards and hiring (spec/3 §5: '请上传JPG、PNG格式图片', 5 MB)
  // machines entering and leaving a site: the hour meter and the machine (spec/2 machinery; JPG/PNG, 10 MB like other images)
  inout: {
    path: '/index/upload/inout',
    formats: ['jpg', 'png'],
    maxBytes: 10 * MB,
    sizeText: '10M',
    typesText: 'JPG、PNG',
    content: 'image',
    accept: '.jpg,.jpeg,.png',
    menu: MENU.leaseOrder,
  },
  recruit: {
    path: '/recruit/upload',
    formats: ['jpg', 'png'],
    maxBytes: 5 * MB,
    sizeText: '5M',
    typesText: 'JPG、PNG',
    content: 'image',
    accept: '.jpg,.jpeg,.png',
  },
};

/**
 * Private kinds (ARCHITECTURE § Resilience, privacy, history): identity documents, licences, contracts, settlement
 * vouchers and seals. GET /uploads/… answers them only to the uploader, platform staff and the active members of the
 * file's company holding one of `menus` (the grant of the area the file belongs to), with `private, no-store`;
 * anyone else gets the same 404 as a missing file. Every other kind is public (listing photos, shop images, avatars,
 * job cards) and cached as immutable. Later modules extend a kind's areas here, in this one place.
 */
export interface TPrivateUploadRule {
  /** a member of the file's company needs one of these grants (a main account has all of them) */
  menus: number[];
  /**
   * The upload is not tied to the request's company: it stays the uploader's alone until a record of a company
   * cites it (a company verification claims its licence, ID photos and letter). Personal ID photos go through the
   * same path and must never become readable by the uploader's colleagues.
   */
  claimedByCompany?: boolean;
}

export const PRIVATE_UPLOADS: Partial<Record<TUploadKind, TPrivateUploadRule>> = {
  // licence, the registrant's ID photos, authorisation letter: the company's register documents, in the area that
  // shows the register (企业信息); personal ID photos come through the same path and stay the uploader's
  charter: { menus: [MENU.companyInfo], claimedByCompany: true },
  // rental contracts and settlement vouchers belong to the orders of both directions
  contract: { menus: [MENU.rentOrder, MENU.leaseOrder] },
  settle: { menus: [MENU.rentOrder, MENU.leaseOrder] },
  // entry and exit photos of machines: the provider's upload, shared with the order's tenant (upload shares)
  inout: { menus: [MENU.rentOrder, MENU.leaseOrder] },
  // seal images: seal management
  signet: { menus: [MENU.companySign] },
};

export const isPrivateUpload = (kind: string): boolean => Object.hasOwn(PRIVATE_UPLOADS, kind);

/** Decoded images may have at most this many pixels (all frames of a GIF together): a decompression-bomb guard. */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** Stored images are scaled down so that their long edge is at most this (except seals). */
export const UPLOAD_MAX_EDGE = 4096;
/** Equipment listings: 2 to 8 images (spec/1 §5). */
export const EQUIPMENT_IMAGES = { min: 2, max: 8 } as const;
