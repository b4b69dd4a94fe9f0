/**
 * Route option for the large reads (the day timeline, a person's week and year, the overlap
 * planner): the answer is built by typed code that maps every row to exactly the contract's
 * fields, so it is written with JSON.stringify instead of being parsed again against the response
 * schema (which stays the documented contract; the routes' tests parse their answers with it).
 * On a 500-person day the re-validation cost more than the database reads themselves.
 */
export const plainJsonResponse = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
} as const;
