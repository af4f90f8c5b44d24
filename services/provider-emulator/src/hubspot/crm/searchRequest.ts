import { Joi } from '@datasync/config';
import { hubspotErrors } from '../http/hubspotErrors';

export const OPERATORS = [
  'EQ',
  'NEQ',
  'LT',
  'LTE',
  'GT',
  'GTE',
  'BETWEEN',
  'IN',
  'NOT_IN',
  'HAS_PROPERTY',
  'NOT_HAS_PROPERTY',
  'CONTAINS_TOKEN',
  'NOT_CONTAINS_TOKEN',
] as const;

export type Operator = (typeof OPERATORS)[number];

export interface SearchFilter {
  propertyName: string;
  operator: Operator;
  value?: string;
  highValue?: string;
  values?: string[];
}

export interface SearchSort {
  propertyName: string;
  direction: 'ASCENDING' | 'DESCENDING';
}

export interface SearchRequest {
  filterGroups: { filters: SearchFilter[] }[];
  sorts: SearchSort[];
  query?: string;
  properties?: string[];
  limit: number;
  /** An offset into the results, as a string of digits (HubSpot's search cursor). */
  after: number;
}

/** Search limits of HubSpot's guide: 200 a page, 5 groups of 6 filters (18 in all), one sort, 3,000-character query. */
export const SEARCH_LIMITS = { pageSize: 200, groups: 5, filtersPerGroup: 6, filters: 18, sorts: 1, queryLength: 3000, results: 10_000 };

const scalar = Joi.alternatives(Joi.string().allow(''), Joi.number(), Joi.boolean()).custom((v: unknown) => String(v));
const filter = Joi.object({
  propertyName: Joi.string().required(),
  operator: Joi.string()
    .valid(...OPERATORS)
    .required(),
  value: scalar,
  highValue: scalar,
  values: Joi.array().items(scalar),
});
const sort = Joi.alternatives(
  Joi.string().custom((name: string) => ({
    propertyName: name.replace(/^-/, ''),
    direction: name.startsWith('-') ? 'DESCENDING' : 'ASCENDING',
  })),
  Joi.object({ propertyName: Joi.string().required(), direction: Joi.string().valid('ASCENDING', 'DESCENDING').default('ASCENDING') }),
);

const schema = Joi.object({
  filterGroups: Joi.array()
    .items(Joi.object({ filters: Joi.array().items(filter).max(SEARCH_LIMITS.filtersPerGroup).required() }))
    .max(SEARCH_LIMITS.groups)
    .default([]),
  sorts: Joi.array().items(sort).max(SEARCH_LIMITS.sorts).default([]),
  query: Joi.string().allow('').max(SEARCH_LIMITS.queryLength),
  properties: Joi.array().items(Joi.string()),
  limit: Joi.number().integer().min(1).max(SEARCH_LIMITS.pageSize).default(10),
  after: Joi.alternatives(Joi.string().pattern(/^\d+$/), Joi.number().integer().min(0))
    .custom((v: unknown) => Number(v))
    .default(0),
}).options({ stripUnknown: true });

/** The body of `POST …/search`, checked against HubSpot's limits; 400 VALIDATION_ERROR naming each problem. */
export function parseSearchRequest(body: unknown): SearchRequest {
  const { value, error } = schema.validate(body ?? {}, { abortEarly: false, convert: true });
  if (error) throw hubspotErrors.validation(error.details.map((d) => d.message.replace(/"/g, "'")).join('; '));
  const request = value as SearchRequest;
  const total = request.filterGroups.reduce((sum, group) => sum + group.filters.length, 0);
  if (total > SEARCH_LIMITS.filters)
    throw hubspotErrors.validation(`a search may have at most ${SEARCH_LIMITS.filters} filters in all; it has ${total}`);
  return request;
}
