import { ApiError, CommunicationRequest } from '@croupier/contracts';
import { useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { CONTACT_CONTENT } from '../content-paths.ts';
import { Field } from '../shared/forms/field.tsx';
import { firstMessages, translateIssues } from '../shared/forms/field-errors.ts';
import { useT } from '../shared/i18n/i18n.tsx';
import { pageMeta, rootOf } from '../shared/i18n/meta.ts';
import { routeContent } from '../shared/i18n/route-content.server.ts';
import { Icon } from '../shared/ui/icons.tsx';
import { PageHeader } from '../shared/ui/page.tsx';
import type { Route } from './+types/contact';

/** The page's own text (issue 15: the root sends the shell's only). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return { content: await routeContent(context.api, request, params.lang, CONTACT_CONTENT) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(rootOf(matches, location), { titleKey: 'global-components.contact.title' });

/** Sends the message through the public API; works without JavaScript too. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const body = { email: String(form.get('email') ?? ''), message: String(form.get('message') ?? '') };
  try {
    await context.api.content.communication({ body });
    return { ok: true as const, email: body.email };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      return data({ ok: false as const, fields: firstMessages(error.fields), values: body }, { status: 422 });
    }
    return data(
      { ok: false as const, failed: true, values: body },
      { status: error instanceof ApiError ? error.status : 500 },
    );
  }
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const sending = navigation.state === 'submitting';
  const serverFields = actionData && !actionData.ok && 'fields' in actionData ? actionData.fields : {};
  const errors = { ...serverFields, ...clientErrors };
  const values = actionData && !actionData.ok ? actionData.values : undefined;

  if (actionData?.ok) {
    return (
      <div className="page page--narrow">
        <div className="notice notice--success" role="status">
          <Icon name="check" />
          <p>{t('global-components.contact.success', { email: actionData.email })}</p>
        </div>
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <PageHeader title={t('global-components.contact.title')} intro={t('global-components.contact.intro')} />
      {actionData && !actionData.ok && 'failed' in actionData && (
        <div className="notice notice--error" role="alert">
          <Icon name="alert" />
          <p>{t('global-components.contact.failure')}</p>
        </div>
      )}
      <Form
        method="post"
        noValidate
        className="form card"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const parsed = CommunicationRequest.safeParse({ email: form.get('email'), message: form.get('message') });
          const found = parsed.success ? {} : translateIssues(parsed.error.issues, t);
          setClientErrors(found);
          if (!parsed.success) event.preventDefault();
        }}
      >
        <Field
          label={t('fields-settings.fields.email.label')}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values?.email}
          error={errors.email}
          required
        />
        <Field
          label={t('fields-settings.fields.message.label')}
          name="message"
          multiline
          defaultValue={values?.message}
          error={errors.message}
          required
          maxLength={5000}
        />
        <button type="submit" className="button button--primary button--block" disabled={sending}>
          {sending ? t('global-components.contact.sending') : t('global-components.contact.send')}
        </button>
      </Form>
    </div>
  );
}
