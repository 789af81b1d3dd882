import type { ChangesMessage } from '@referrals/shared';

/** Change frames the relay sent, replayed by the bare server at the same sizes. */
export interface Frames {
  /** What a public feed socket got for one new referral. */
  readonly publicFeed: ChangesMessage;
  /** What a signed-in `referrals` socket got, by the token it connected with. */
  readonly byToken: readonly (readonly [token: string, message: ChangesMessage])[];
}

/** The bare server's floor route: one real list page's bytes from memory (server.ts). */
export const FLOOR_PATH = '/floor/page';

/** Messages from the orchestrator to the bare server. */
export type ToBare =
  | { readonly type: 'frames'; readonly frames: Frames }
  /** The body of one real list page of the relay, which the floor route answers from then on. */
  | { readonly type: 'page'; readonly body: string }
  /** Emits one change (a new referral in `state`) to every room that holds it. */
  | { readonly type: 'emit'; readonly seq: number; readonly state: string };

/** Messages from the bare server to the orchestrator. */
export type FromBare =
  | { readonly type: 'listening'; readonly port: number }
  | { readonly type: 'framesSet' }
  | { readonly type: 'pageSet' }
  /** `at`: epoch ms (sub-ms) just before the first emit, the bare counterpart of a commit. */
  | { readonly type: 'emitted'; readonly seq: number; readonly at: number };
