import { useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import { lookup } from '../../shared/i18n/translate.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Skeleton } from '../../shared/ui/page.tsx';
import { DocumentRow } from './document-row.tsx';
import { type DocumentTypeDef, fileProblem, groupDocuments } from './documents.ts';
import { UploadButton } from './upload-button.tsx';
import { useDocuments } from './use-documents.ts';

/**
 * /profile/documents (api-contract §5): sections (identity, address, payment, other) of document types
 * from constants, each with its upload and its documents. Files are checked for kind and the 10 MiB
 * limit before they are sent.
 */
export function DocumentsPage({ types }: { types: DocumentTypeDef[] }) {
  const { t, content } = useI18n();
  const docs = useDocuments();
  const [uploaded, setUploaded] = useState(false);
  const label = (key: string, fallback: string) => lookup(content, `global-components.documents.${key}`) ?? fallback;

  const onFile = async (type: DocumentTypeDef, file: File) => {
    setUploaded(false);
    const problem = fileProblem(file);
    if (problem === 'tooLarge') return docs.reject(type.id, file.name, { kind: 'tooLarge' });
    if (problem) {
      return docs.reject(type.id, file.name, { kind: 'field', message: t(`global-components.documents.${problem}`) });
    }
    if (await docs.upload(type.id, file)) setUploaded(true);
  };

  if (docs.state === 'loading' && docs.rows.length === 0) return <Skeleton lines={5} />;

  return (
    <div className="stack">
      <p className="muted">{t('global-components.documents.intro')}</p>
      {uploaded && (
        <Alert tone="success" title={t('alerts.documentUploaded.title')} text={t('alerts.documentUploaded.text')} />
      )}
      {docs.state === 'failed' && (
        <>
          <Alert tone="error" title={t('alerts.somethingWentWrong.title')} text={t('alerts.somethingWentWrong.text')} />
          <button type="button" className="button button--ghost" onClick={() => void docs.reload()}>
            {t('global-components.common.retry')}
          </button>
        </>
      )}
      {groupDocuments(types, docs.rows).map((group) => {
        const sectionTitle = label(`sections.${group.section}`, group.section);
        const titleId = `documents-${group.section}`;
        return (
          <section key={group.section} className="card stack" aria-labelledby={titleId}>
            <h2 id={titleId} className="card__title">
              {sectionTitle}
            </h2>
            {group.types.map(({ type, documents }) => {
              const typeLabel = label(`types.${type.id}`, type.name);
              return (
                <div key={type.id} className="document-type" data-type={type.id}>
                  <div className="document-type__head">
                    <h3 className="document-type__title">{typeLabel}</h3>
                    <UploadButton label={typeLabel} onFile={(file) => void onFile(type, file)} />
                  </div>
                  {documents.length > 0 ? (
                    <ul className="document-list">
                      {documents.map((row) => (
                        <DocumentRow key={row.id} row={row} onDelete={docs.remove} onDismiss={docs.dismiss} />
                      ))}
                    </ul>
                  ) : (
                    <p className="muted">{t('global-components.documents.none')}</p>
                  )}
                </div>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
