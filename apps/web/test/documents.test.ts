import { ApiError, ErrorCode, type PlayerDocument } from '@croupier/contracts';
import { defaultConstants } from '@croupier/contracts/reference/index';
import { describe, expect, it } from 'vitest';
import {
  canDelete,
  documentState,
  fileProblem,
  groupDocuments,
  isLocal,
  MAX_DOCUMENT_BYTES,
  placeholderRow,
  uploadFailureOf,
} from '../app/features/documents/documents.ts';

const types = defaultConstants.player.document.type;
const doc = (id: string, type: string, status = 2): PlayerDocument => ({
  id,
  fileName: `${id}.pdf`,
  status,
  type,
  createdAt: '2026-11-22T10:00:00.000Z',
  rejectReason: status === 3 ? 'Blurry' : null,
});

describe('document status', () => {
  it('reads 2 pending, 3 rejected, local 0 and -1, anything else approved', () => {
    expect(documentState(2)).toBe('pending');
    expect(documentState(3)).toBe('rejected');
    expect(documentState(0)).toBe('uploading');
    expect(documentState(-1)).toBe('failed');
    expect(documentState(1)).toBe('approved');
    expect(documentState(7)).toBe('approved');
  });

  it('deletes pending and rejected documents only; local rows are not the server’s', () => {
    expect(canDelete({ status: 2 })).toBe(true);
    expect(canDelete({ status: 3 })).toBe(true);
    expect(canDelete({ status: 1 })).toBe(false);
    expect(canDelete({ status: 0 })).toBe(false);
    expect(canDelete({ status: -1 })).toBe(false);
    expect(isLocal({ status: 0 })).toBe(true);
    expect(isLocal({ status: -1 })).toBe(true);
    expect(isLocal({ status: 2 })).toBe(false);
  });

  it('makes an uploading placeholder with its own id', () => {
    const a = placeholderRow('address', 'bill.pdf', new Date('2026-01-01T00:00:00Z'));
    const b = placeholderRow('address', 'bill.pdf');
    expect(a).toMatchObject({
      status: 0,
      type: 'address',
      fileName: 'bill.pdf',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(a.id).not.toBe(b.id);
  });
});

describe('grouping', () => {
  it('puts types under their sections in the constants order', () => {
    const groups = groupDocuments(types, []);
    expect(groups.map((g) => g.section)).toEqual(['identity', 'address', 'payment', 'other']);
    expect(groups[0]!.types.map((t) => t.type.id)).toEqual(['identity_front', 'identity_back', 'identity_selfie_id']);
    expect(groups[2]!.types.map((t) => t.type.id)).toEqual(['payment', 'payment_back']);
  });

  it('lists each document under its type and an unknown type under other', () => {
    const docs = [doc('a', 'identity_back'), doc('b', 'payment'), doc('c', 'mystery'), doc('d', 'identity_back', 3)];
    const groups = groupDocuments(types, docs);
    const byType = Object.fromEntries(
      groups.flatMap((g) => g.types.map((t) => [t.type.id, t.documents.map((d) => d.id)])),
    );
    expect(byType).toEqual({
      identity_front: [],
      identity_back: ['a', 'd'],
      identity_selfie_id: [],
      address: [],
      payment: ['b'],
      payment_back: [],
      other: ['c'],
    });
  });
});

describe('upload checks', () => {
  it('refuses empty, over 10 MiB and other kinds before sending', () => {
    expect(fileProblem({ size: 0, type: 'image/png', name: 'a.png' })).toBe('empty');
    expect(fileProblem({ size: MAX_DOCUMENT_BYTES + 1, type: 'image/png', name: 'a.png' })).toBe('tooLarge');
    expect(fileProblem({ size: MAX_DOCUMENT_BYTES, type: 'image/png', name: 'a.png' })).toBeNull();
    expect(fileProblem({ size: 10, type: 'image/jpeg', name: 'a.jpg' })).toBeNull();
    expect(fileProblem({ size: 10, type: 'application/pdf', name: 'a.pdf' })).toBeNull();
    expect(fileProblem({ size: 10, type: '', name: 'scan.JPEG' })).toBeNull();
    expect(fileProblem({ size: 10, type: 'image/gif', name: 'a.gif' })).toBe('wrongType');
    expect(fileProblem({ size: 10, type: '', name: 'a.exe' })).toBe('wrongType');
  });

  it('maps 413 to too large, 422 to the first fields.file message, anything else to generic', () => {
    expect(uploadFailureOf(new ApiError(413, ErrorCode.payloadTooLarge, 'big'))).toEqual({ kind: 'tooLarge' });
    expect(uploadFailureOf(new ApiError(422, ErrorCode.validation, 'bad', { file: ['Not a PDF', 'second'] }))).toEqual({
      kind: 'field',
      message: 'Not a PDF',
    });
    expect(uploadFailureOf(new ApiError(422, ErrorCode.validation, 'bad', { type: ['Unknown type'] }))).toEqual({
      kind: 'field',
      message: 'Unknown type',
    });
    expect(uploadFailureOf(new ApiError(422, ErrorCode.validation, 'bad', {}))).toEqual({ kind: 'generic' });
    expect(uploadFailureOf(new ApiError(500, ErrorCode.internal, 'boom'))).toEqual({ kind: 'generic' });
    expect(uploadFailureOf(new Error('x'))).toEqual({ kind: 'generic' });
  });
});
