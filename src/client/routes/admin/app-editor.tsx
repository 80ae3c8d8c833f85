// TEMPORARY scaffold: replaced by the real screen.
import { AdminPage } from './admin-layout';

export default function AppEditor({ mode }: { mode: 'new' | 'edit'; id?: string | null }) {
  return <AdminPage title={mode}>{null}</AdminPage>;
}
