import { z } from 'zod';
import {
  LoyaltyEditorView,
  LoyaltyPreviewRequest,
  LoyaltyRequest,
  QuestEditorView,
  QuestPreviewRequest,
  QuestRequest,
  RetentionListQuery,
  RetentionStatusRequest,
  retentionIdParams,
  TournamentEditorView,
  TournamentPreviewRequest,
  TournamentRequest,
  WheelEditorView,
  WheelPreviewRequest,
  WheelRequest,
} from '../backoffice/retention.ts';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf, pageOf } from '../envelope.ts';
import { LoyaltyLevel } from '../retention-loyalty.ts';
import { Quest } from '../retention-quests.ts';
import { Tournament } from '../retention-tournaments.ts';
import { Wheel } from '../retention-wheel.ts';

// The retention editors (backoffice-api.md §9, issue 27): quests, tournaments and the wheel each with list,
// one, create, edit, pause, resume, archive and a preview in the player's own shape; loyalty as one programme
// (its levels and contributions). All need `retention:write` (marketing, admin, owner).

const permission = 'retention:write' as const;
const tags = ['backoffice'];

/** The eight endpoints of one editable object under `/api/backoffice/{plural}`. */
function editorEndpoints<V extends z.ZodType, B extends z.ZodType, P extends z.ZodType, S extends z.ZodType>(
  plural: string,
  noun: string,
  view: V,
  body: B,
  previewBody: P,
  preview: S,
) {
  const base = `/api/backoffice/${plural}`;
  const status = (verb: 'pause' | 'resume' | 'archive', summary: string) =>
    defineEndpoint({
      method: 'POST',
      path: `${base}/:id/${verb}`,
      auth: 'staff',
      permission,
      summary,
      tags,
      params: retentionIdParams,
      body: RetentionStatusRequest,
      response: dataOf(view),
    });
  return {
    list: defineEndpoint({
      method: 'GET',
      path: base,
      auth: 'staff',
      permission,
      summary: `${noun}s, newest first, paged on the server; filter by status and by part of the name.`,
      tags,
      query: RetentionListQuery,
      response: pageOf(view),
    }),
    get: defineEndpoint({
      method: 'GET',
      path: `${base}/:id`,
      auth: 'staff',
      permission,
      summary: `One ${noun.toLowerCase()} as the editor edits it.`,
      tags,
      params: retentionIdParams,
      response: dataOf(view),
    }),
    create: defineEndpoint({
      method: 'POST',
      path: base,
      auth: 'staff',
      permission,
      summary: `Creates a ${noun.toLowerCase()} (audited, every instance told).`,
      tags,
      body,
      response: dataOf(view),
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: `${base}/:id`,
      auth: 'staff',
      permission,
      summary: `Replaces a ${noun.toLowerCase()}'s definition (audited with before and after).`,
      tags,
      params: retentionIdParams,
      body,
      response: dataOf(view),
    }),
    pause: status('pause', `Pauses a ${noun.toLowerCase()}: players no longer see it.`),
    resume: status('resume', `Resumes a paused ${noun.toLowerCase()}.`),
    archive: status('archive', `Archives a ${noun.toLowerCase()} for good.`),
    preview: defineEndpoint({
      method: 'POST',
      path: `${base}/preview`,
      auth: 'staff',
      permission,
      summary: `What players will see of this ${noun.toLowerCase()} (the player API's shape), nothing stored.`,
      tags,
      body: previewBody,
      response: dataOf(preview),
    }),
  };
}

/** Four groups of the back-office table (spread into `backofficeEndpoints`). */
export const backofficeRetentionEndpoints = {
  retentionQuests: editorEndpoints('quests', 'Quest', QuestEditorView, QuestRequest, QuestPreviewRequest, Quest),
  retentionTournaments: editorEndpoints(
    'tournaments',
    'Tournament',
    TournamentEditorView,
    TournamentRequest,
    TournamentPreviewRequest,
    Tournament,
  ),
  retentionWheels: editorEndpoints('wheels', 'Wheel', WheelEditorView, WheelRequest, WheelPreviewRequest, Wheel),
  retentionLoyalty: {
    get: defineEndpoint({
      method: 'GET',
      path: '/api/backoffice/loyalty',
      auth: 'staff',
      permission,
      summary: 'The loyalty programme: levels lowest first, points per base unit, game contributions.',
      tags,
      response: dataOf(LoyaltyEditorView),
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: '/api/backoffice/loyalty',
      auth: 'staff',
      permission,
      summary:
        'Replaces the programme (levels added, changed or removed at once; thresholds ascending). Audited; every instance told.',
      tags,
      body: LoyaltyRequest,
      response: dataOf(LoyaltyEditorView),
    }),
    preview: defineEndpoint({
      method: 'POST',
      path: '/api/backoffice/loyalty/preview',
      auth: 'staff',
      permission,
      summary: "The levels as players will see them (GET /api/retention/levels's shape), nothing stored.",
      tags,
      body: LoyaltyPreviewRequest,
      response: dataOf(z.array(LoyaltyLevel)),
    }),
  },
};
