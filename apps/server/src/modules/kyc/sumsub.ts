import { createHmac } from 'node:crypto';

export type VerificationState = 'init' | 'pending' | 'approved' | 'rejected';

export interface SumsubOptions {
  baseUrl: string;
  appToken: string;
  secretKey: string;
  levelName: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Seconds since the epoch (tests pin it). */
  now?: () => number;
}

export class SumsubError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** X-App-Access-Sig: hex HMAC-SHA256 of ts + METHOD + path with query + body, keyed by the secret key. */
export function sumsubSignature(secretKey: string, ts: string, method: string, pathWithQuery: string, body = '') {
  return createHmac('sha256', secretKey).update(`${ts}${method.toUpperCase()}${pathWithQuery}${body}`).digest('hex');
}

/** The two Sumsub calls the casino needs: an SDK access token, and an applicant's review state. */
export class SumsubClient {
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: SumsubOptions) {
    this.doFetch = options.fetch ?? fetch;
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const url = new URL(path, this.options.baseUrl);
    const text = body === undefined ? '' : JSON.stringify(body);
    const ts = String(Math.floor(this.options.now?.() ?? Date.now() / 1000));
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-app-token': this.options.appToken,
      'x-app-access-ts': ts,
      'x-app-access-sig': sumsubSignature(this.options.secretKey, ts, method, url.pathname + url.search, text),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.doFetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : text,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
  }

  private static async fail(what: string, response: Response): Promise<never> {
    const text = (await response.text().catch(() => '')).slice(0, 300);
    throw new SumsubError(`Sumsub ${what} failed: HTTP ${response.status} ${text}`, response.status);
  }

  /** POST /resources/accessTokens/sdk: a WebSDK token for the applicant whose external user id is the player id. */
  async accessToken(userId: string): Promise<string> {
    const response = await this.request('POST', '/resources/accessTokens/sdk', {
      userId,
      levelName: this.options.levelName,
      ttlInSecs: 1800,
    });
    if (!response.ok) await SumsubClient.fail('access token', response);
    const json = (await response.json()) as { token?: unknown };
    if (typeof json.token !== 'string' || json.token === '') throw new SumsubError('Sumsub answered no token', 502);
    return json.token;
  }

  /** The applicant's review: init (no applicant or nothing submitted), pending, approved (GREEN) or rejected (RED). */
  async reviewOf(userId: string): Promise<{ status: VerificationState; rejectReason: string | null }> {
    const response = await this.request(
      'GET',
      `/resources/applicants/-;externalUserId=${encodeURIComponent(userId)}/one`,
    );
    if (response.status === 404) {
      await response.body?.cancel();
      return { status: 'init', rejectReason: null };
    }
    if (!response.ok) await SumsubClient.fail('applicant status', response);
    const json = (await response.json()) as {
      review?: {
        reviewStatus?: string;
        reviewResult?: { reviewAnswer?: string; moderationComment?: string; rejectLabels?: string[] };
      };
    };
    const review = json.review ?? {};
    const answer = review.reviewResult?.reviewAnswer;
    if (review.reviewStatus === 'completed' && answer === 'GREEN') return { status: 'approved', rejectReason: null };
    if (review.reviewStatus === 'completed' && answer === 'RED') {
      const result = review.reviewResult!;
      const reason = result.moderationComment || result.rejectLabels?.join(', ') || 'Verification was declined.';
      return { status: 'rejected', rejectReason: reason };
    }
    if (!review.reviewStatus || review.reviewStatus === 'init') return { status: 'init', rejectReason: null };
    return { status: 'pending', rejectReason: null };
  }
}
