import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer } from '../store/root-reducer';

/**
 * The one RTK Query API; features add their endpoints with api.injectEndpoints, each with
 * `overrideExisting: 'throw'`: a name taken already is an error where the second feature loads,
 * not a hook that silently runs the first feature's query. It joins the store when this module
 * first loads, which happens with the first page that fetches data.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' }),
  endpoints: () => ({}),
});

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
