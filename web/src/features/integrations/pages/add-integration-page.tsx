import { PagePlaceholder } from '../../../ui/page-placeholder';

export default function Page() {
  return <PagePlaceholder title="Add Integration" />;
}
