import { flattenMenu } from '@jizu/shared/constants/menu';
import { company } from '@jizu/shared/messages/company';

/**
 * Every ready page of the user-centre menu, whoever may use it (constants/menu.ts). Loaded by the shell only for an
 * address its member's menu does not list (useMenuGate), so the menu tree stays out of the first loads.
 */
const menuPages = new Set(flattenMenu().flatMap(({ node }) => (node.ready && node.url ? [node.url] : [])));
/** What the server answers a member without the page's grant (NO_GRANT). */
const noGrant = company.noGrant;

/** One export, read by the shell through a dynamic import (Shell.tsx useMenuGate). */
export const gate = { menuPages, noGrant };
