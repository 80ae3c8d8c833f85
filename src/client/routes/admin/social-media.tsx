// TEMPORARY scaffold: replaced by the real screen.
import { AdminPage } from './admin-layout';

export default function Screen() {
  return <AdminPage title="social-media">{null}</AdminPage>;
}
