import { uuid32 } from '../platform/common/request-fields.js';

export const messageUuidParam = uuid32('the message uuid');
