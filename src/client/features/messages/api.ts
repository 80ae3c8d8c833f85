import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/paths';
import type { ContactMessageInput } from '../../../shared/schemas/messages';
import { http } from '../../lib/http';

export const useSendMessage = () =>
  useMutation({ mutationFn: (input: ContactMessageInput & { website?: string }) => http.post(api.messages, input) });
