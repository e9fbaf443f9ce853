import { machineFailures } from '../messages/machine';

/** Error codes of machines on site (merged into ERRORS). */
export const machineErrors = {
  MACHINE_NOT_FOUND: { http: 404, msg: machineFailures.notFound },
  MACHINE_STATE: { http: 409, msg: machineFailures.state },
  MACHINE_ORDER_NOT_OPEN: { http: 409, msg: machineFailures.orderNotOpen },
  MACHINE_BUSY: { http: 409, msg: machineFailures.busy },
  INSPECTION_NOT_FOUND: { http: 404, msg: machineFailures.inspectionMissing },
  INSPECTION_ACKED: { http: 409, msg: machineFailures.acked },
} as const;
