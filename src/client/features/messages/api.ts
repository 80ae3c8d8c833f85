import { api } from '../../../shared/paths';
import type { ContactMessageRequest } from '../../../shared/schemas/messages';
import { http } from '../../lib/http';

/** Sends the contact form as the visitor filled it in, honeypot included (the server drops bot messages). */
export const sendMessage = (input: ContactMessageRequest) => http.post(api.messages, input);
