export * from '../modules/auth/auth.tables';
export * from '../modules/company/company.tables';
export * from '../modules/region/region.tables';
export * from '../modules/upload/upload.tables';
export * from '../modules/staff/staff.tables';
export * from '../modules/notice/notice.tables';
export * from '../modules/message/message.tables';
export * from '../modules/verify/verify.tables';
