import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Session } from '@keeb/shared';
import { api } from '../../../lib/api';
import { safeReturnUrl } from '../../../lib/return-url';
import { sessionKeys } from '../../../lib/session';

/** What a successful sign-in or sign-up answers: the new session. */
export interface SignedIn {
  isLoggedIn: true;
  username: string;
  userId: string;
}

export interface LoginPayload {
  username: string;
  password: string;
  captcha_token?: string;
}

/** POST /login: `username` may be a username or an email. */
export async function login(payload: LoginPayload): Promise<SignedIn> {
  const { data } = await api.post<SignedIn>('/login', payload);
  return data;
}

export interface SignupPayload {
  username: string;
  password: string;
  email: string;
  shippingRegion: string;
  captcha_token?: string;
  ref?: string;
}

/** POST /signup: signs the new user in and mails the confirmation link. */
export async function signup(payload: SignupPayload): Promise<SignedIn> {
  const { data } = await api.post<SignedIn>('/signup', payload);
  return data;
}

/**
 * After any sign-in: the session is known at once, everything else about the user is reloaded, and the user
 * goes back to where they were (same-site paths only) or home.
 */
export function useEnterSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (session: SignedIn, returnUrl: string | null | undefined, state?: unknown) => {
      queryClient.setQueryData<Session>(sessionKeys.status, {
        isLoggedIn: true,
        username: session.username,
        userId: session.userId,
      });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      await navigate(safeReturnUrl(returnUrl), { replace: true, state });
    },
    [queryClient, navigate],
  );
}
