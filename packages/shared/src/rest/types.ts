import type { Static, TSchema } from 'typebox';
import type { HttpMethod, WHOLE_NUMBER_PARAMS } from './endpoint.js';
import type { API } from './endpoints.js';

type Api = typeof API;

/** What a path parameter holds in a URL: digits for a number-naming one, else any text. */
type ParamText<Name extends string> = Name extends (typeof WHOLE_NUMBER_PARAMS)[number]
  ? `${number}`
  : string;

/**
 * The URLs an Express path stands for: '/api/referrals/:id/claim' is
 * `/api/referrals/${number}/claim`. A number-naming parameter matches digits only, so
 * '/api/agencies/7/users' is an agency's users and never the agency '7/users'.
 */
export type UrlOf<P extends string> = P extends `${infer Head}/:${infer Name}/${infer Tail}`
  ? `${Head}/${ParamText<Name>}/${UrlOf<Tail>}`
  : P extends `${infer Head}/:${infer Name}`
    ? `${Head}/${ParamText<Name>}`
    : P;

/** The names of the operations of a method. */
type NamesOf<M extends HttpMethod> = {
  [K in keyof Api]: Api[K]['method'] extends M ? K : never;
}[keyof Api];

/** The JSON operations of a method (not an image or a file). */
type JsonNamesOf<M extends HttpMethod> = {
  [K in NamesOf<M>]: Api[K]['contract'] extends { media: string } ? never : K;
}[NamesOf<M>];

/** Every URL a JSON call of a method may be made to. */
export type ApiUrl<M extends HttpMethod> = UrlOf<Api[JsonNamesOf<M>]['path']>;

/** The operation a URL of a method names. */
type NameAt<M extends HttpMethod, U extends string> = {
  [K in JsonNamesOf<M>]: U extends UrlOf<Api[K]['path']> ? K : never;
}[JsonNamesOf<M>];

type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** The success answer of an operation by name. */
export type AnswerOf<K extends keyof Api> = StaticOf<Api[K]['contract']['answer']>;

/** A value as a caller may hand it in: read-only all the way down (a mutable one fits too). */
type Given<T> = T extends (infer E)[]
  ? readonly Given<E>[]
  : T extends object
    ? { readonly [K in keyof T]: Given<T[K]> }
    : T;

/** The body of a write by name (undefined for one that takes none). */
export type BodyOf<K extends keyof Api> = Api[K]['contract'] extends { body: infer B }
  ? Given<StaticOf<B>>
  : undefined;

/** The success answer of a call to a URL. */
export type AnswerAt<M extends HttpMethod, U extends ApiUrl<M>> = AnswerOf<NameAt<M, U>>;

/** The body a write to a URL takes. */
export type BodyAt<M extends HttpMethod, U extends ApiUrl<M>> = BodyOf<NameAt<M, U>>;
