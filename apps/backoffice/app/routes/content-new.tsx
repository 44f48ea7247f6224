import { useParams } from 'react-router';
import { PageEditor } from '../features/content/page-editor.tsx';
import { localeOf } from '../features/content/params.ts';
import { Permitted } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'New page · Content · Croupier back office' }];

/** A new page in a locale (in the default locale first; another locale translates an existing one). */
export default function ContentNew() {
  const { locale = '' } = useParams();
  return (
    <Permitted permission="content:write">
      <PageEditor key={locale} locale={localeOf(locale)} />
    </Permitted>
  );
}
