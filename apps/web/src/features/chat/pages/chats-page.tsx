import { Outlet } from 'react-router-dom';
import { PagePlaceholder } from '../../../components/page-placeholder';

/** The conversation list; an open conversation (messages/{id}) renders over it. */
export function ChatsPage() {
  return (
    <>
      <PagePlaceholder heading="My Messages" />
      <Outlet />
    </>
  );
}
