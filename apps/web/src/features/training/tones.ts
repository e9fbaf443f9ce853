import type { TEnrolPayState } from '@jizu/shared/constants/training';
import type { TTone } from '../../ui/StatusTag';

/** The tag tone of an enrolment's payment state (the user's list and the console). */
export const ENROL_TONES: Record<TEnrolPayState, TTone> = { WAITING: 'warning', SUCCESS: 'success', CLOSED: 'default' };
