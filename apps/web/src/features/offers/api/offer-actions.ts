import { api } from '../../../lib/api';

const offerPath = (id: string) => `/offer/${encodeURIComponent(id)}`;

/** The calls behind the Offers screen's buttons (spec part 2, section 7); each answers little the screen needs. */
export const offerActions = {
  accept: (id: string, itemId: string) => api.post(`${offerPath(id)}/accept`, { itemId }),
  decline: (id: string) => api.post(`${offerPath(id)}/decline`),
  counterSeller: (id: string, counterPrice: string) => api.post(`${offerPath(id)}/counter-seller`, { counterPrice }),
  counterBuyer: (id: string, counterPrice: string) => api.post(`${offerPath(id)}/counter-buyer`, { counterPrice }),
  extend: (id: string) => api.post(`${offerPath(id)}/extend`),
  remove: (id: string) => api.delete(`${offerPath(id)}/remove`),
};
