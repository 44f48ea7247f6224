import { useParams } from 'react-router';
import { PageEditor } from '../features/content/page-editor.tsx';
import { localeOf, pageFolderOf } from '../features/content/params.ts';
import { Permitted } from '../ui/permitted.tsx';

export const meta = () => [{ title: 'Page · Content · Croupier back office' }];

/** One page of one locale: its Markdown with the site's own preview, unpublish and revert (issue 27). */
export default function ContentPage() {
  const { locale = '', folder = '', identity = '' } = useParams();
  return (
    <Permitted permission="content:write">
      <PageEditor
        key={`${locale}/${folder}/${identity}`}
        locale={localeOf(locale)}
        folder={pageFolderOf(folder)}
        identity={identity}
      />
    </Permitted>
  );
}
