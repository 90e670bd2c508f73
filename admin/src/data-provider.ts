import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './api-client';

/** One line over the REST dialect every plugin's list routes speak (sort, range, filter; Content-Range). */
export const dataProvider = simpleRestProvider('/api', httpClient as never);
