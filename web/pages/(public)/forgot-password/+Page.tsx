import { Placeholder } from '../../../components/Placeholder';

export default function Page() {
  return <Placeholder page="forgotPassword" variant="form" />;
}
