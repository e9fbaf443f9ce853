import { M } from '../messages';

/** Error codes of the equipment area (merged into ERRORS): code → HTTP status and its catalogue message. */
export const equipmentErrors = {
  LISTING_LEASED_FIELDS: { http: 409, msg: M.equipment.leasedFields },
  LISTING_LEASED_DELETE: { http: 409, msg: M.equipment.leasedDelete },
  LISTING_LEASED_TOGGLE: { http: 409, msg: M.equipment.leasedToggle },
  LISTING_REVIEWED: { http: 409, msg: M.equipment.reviewed },
  LISTING_OFF_SHELF: { http: 404, msg: M.equipment.offShelf },
} as const;
