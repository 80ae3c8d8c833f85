// TEMPORARY scaffold: replaced by the real screen.
import { AdminPage } from './admin-layout';

export default function Screen() {
  return <AdminPage title="privacy">{null}</AdminPage>;
}
