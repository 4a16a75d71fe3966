import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** What a provider's redirect back to us carries: the code, and the state the server issued with the redirect. */
export interface OAuthReturn {
  code: string;
  state?: string;
}

/**
 * The end of an OAuth round trip: the provider sends the user back here with ?code=...&state=.... Calls onReturn
 * once per code and removes both from the URL, since the code is single-use: a reload must not send it again.
 */
export function useOAuthReturn(onReturn: (returned: OAuthReturn) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const handledCode = useRef<string | null>(null);
  const onReturnRef = useRef(onReturn);
  useEffect(() => {
    onReturnRef.current = onReturn;
  });

  useEffect(() => {
    if (!code || handledCode.current === code) return;
    handledCode.current = code;
    onReturnRef.current(state === null ? { code } : { code, state });
    setSearchParams(
      (params) => {
        params.delete('code');
        params.delete('state');
        return params;
      },
      { replace: true },
    );
  }, [code, state, setSearchParams]);
}
