import { api } from '../../../lib/api';

/** POST /request-access: asks for an account for an email awaiting approval. */
export async function requestAccess(email: string): Promise<void> {
  await api.post('/request-access', { email });
}
