import { api } from '../../../lib/api';

export interface ContactMessage {
  email: string;
  reason: string;
  message: string;
}

/** POST /contact: a message to the product team. */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  await api.post('/contact', message);
}
